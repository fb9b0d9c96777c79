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
  // The four-colour deck: a choice kept in this browser.
  function fourColour(on) {
    document.documentElement.classList.toggle("four-colour", on);
    document.querySelectorAll("[data-four-colour]").forEach(function (b) { b.setAttribute("aria-pressed", on ? "true" : "false"); });
  }
  try { fourColour(localStorage.getItem("four-colour") === "1"); } catch (err) { /* no storage */ }
  document.addEventListener("click", function (e) {
    if (!e.target.closest("[data-four-colour]")) { return; }
    var on = !document.documentElement.classList.contains("four-colour");
    fourColour(on);
    try { localStorage.setItem("four-colour", on ? "1" : "0"); } catch (err) { /* no storage */ }
  });
  // A bet slider and its amount field move together; a quick size button
  // sets the amount. The number field alone is what the form posts.
  document.addEventListener("input", function (e) {
    var id = e.target.getAttribute && e.target.getAttribute("data-amount-for");
    var field = id && document.getElementById(id);
    if (field) { field.value = e.target.value; }
    if (e.target.id && e.target.type === "number") {
      document.querySelectorAll('[data-amount-for="' + e.target.id + '"]').forEach(function (r) { r.value = e.target.value; });
    }
  });
  // Map cells are SVG groups with role=button: Enter and Space press them,
  // as they do a real button.
  document.addEventListener("keydown", function (e) {
    var el = e.target;
    if ((e.key === "Enter" || e.key === " ") && el.getAttribute && el.getAttribute("role") === "button" && el.tagName !== "BUTTON") {
      e.preventDefault();
      el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-set-amount]");
    if (!btn) { return; }
    var field = document.getElementById(btn.getAttribute("data-amount-target"));
    if (!field) { return; }
    field.value = btn.getAttribute("data-set-amount");
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.focus();
  });
  document.addEventListener("htmx:oobAfterSwap", tick);
})();
