// The only script of our own. No game logic lives here: the server renders
// every view. It clears the message line when a move is posted, copies the
// share link, and keeps card checkboxes reachable by keyboard.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeRequest", function () {
    var m = document.getElementById("message");
    if (m) { m.textContent = ""; }
  });
  // a chat line sent: empty the field for the next one
  document.addEventListener("htmx:afterRequest", function (e) {
    var form = e.target.closest && e.target.closest("form.chat");
    if (form && e.detail.successful) { form.reset(); }
  });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-copy]");
    if (!btn) { return; }
    var input = document.querySelector(btn.getAttribute("data-copy"));
    if (!input) { return; }
    var done = function () {
      btn.textContent = "Copied";
      setTimeout(function () { btn.textContent = "Copy link"; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { input.select(); });
    } else {
      input.select();
      try { document.execCommand("copy"); done(); } catch (err) { /* selected for manual copy */ }
    }
  });
  // Countdowns: an element with data-deadline (ms since epoch) shows the
  // seconds left. The server owns the clock; this only displays it.
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.getAttribute("data-deadline")) - now) / 1000));
      el.textContent = left + " s";
    });
  }
  setInterval(tick, 250);
  document.addEventListener("htmx:oobAfterSwap", tick);
})();
