// The only script of our own. No game logic lives here: the server renders
// every view. It clears the message line when a move is posted, copies the
// share link, runs the clocks (in the server's time), turns taps into
// moves (tap a card twice to play it, tap cards then a player to give
// them), tells a player it is their turn (title, favicon, sound,
// vibration) after each push, shows the player's own connection, and asks
// for the whole table when a push went missing. Moves go over the table's
// websocket when it is open, posted otherwise.

// tr is the page's words, in the reader's language: the catalog's
// messages this script writes, which the page gives it as JSON
// (#words, views/scriptwords.go), read once. A message's {{.Name}}
// placeholders take args' values; one with plural forms chooses its form
// by args.Count, by the language's CLDR rules as the server does.
var tr = (function () {
  "use strict";
  var words = {}, el = document.getElementById("words"), plural = null;
  try { words = JSON.parse(el ? el.textContent : "{}"); } catch (err) { /* no words: keys show */ }
  try { plural = new Intl.PluralRules(document.documentElement.lang || "en"); } catch (err) { /* "other" it is */ }
  return function (key, args) {
    var m = words[key];
    if (!m) { return key; }
    if (typeof m === "object") { m = (plural && args && m[plural.select(args.Count)]) || m.other; }
    return m.replace(/\{\{\.(\w+)\}\}/g, function (all, name) { return args && args[name] !== undefined ? String(args[name]) : all; });
  };
})();

(function () {
  "use strict";
  var store = {
    get: function (k) { try { return localStorage.getItem(k); } catch (err) { return null; } },
    set: function (k, v) { try { localStorage.setItem(k, v); } catch (err) { /* no storage */ } }
  };
  document.addEventListener("htmx:beforeRequest", function () {
    var m = document.getElementById("message");
    if (m) { m.textContent = ""; }
  });
  // a chat line sent: empty the field for the next one
  document.addEventListener("htmx:afterRequest", function (e) {
    var form = e.target.closest && e.target.closest("form.chat");
    if (form && e.detail.successful) { form.reset(); }
  });

  // One move at a time. A move post carries the version of the seat the
  // player saw (#table-state, pushed with every change), so the server
  // refuses one that arrives after the table moved on; while it is in
  // flight a second move is dropped and the controls are disabled, so a
  // double click plays once.
  var moving = null;
  function isMove(path) { return /\/t\/[^/]+\/act$/.test(path || ""); }
  document.addEventListener("htmx:configRequest", function (e) {
    if (!isMove(e.detail.path)) { return; }
    if (moving) { e.preventDefault(); return; }
    var st = document.getElementById("table-state");
    if (st) { e.detail.parameters.v = st.getAttribute("data-v"); }
    if (sendMove(e.detail.parameters)) { e.preventDefault(); }
  });
  // A move goes over the table's websocket while it is open: one frame,
  // the form's fields as JSON as htmx's ws-send writes them (the server
  // reads it as it reads the posted form, handlers/moves.go), and no
  // request. The controls wait for the next frame: the push the move
  // made, or the message line when the table refused it (5 s at most).
  // Without an open socket the move is posted.
  function sendMove(params) {
    if (!socket || socket.readyState !== 1) { return false; }
    // the fields, a list where a field has several values (htmx's
    // parameters give those on a read; their JSON would keep the last)
    socket.send(JSON.stringify(Object.assign({}, params)));
    var m = document.getElementById("message");
    if (m) { m.textContent = ""; }
    var off = [];
    document.querySelectorAll("#stage button:not([disabled])").forEach(function (b) {
      b.disabled = true;
      off.push(b);
    });
    moving = off;
    var done = function () {
      window.removeEventListener("htmx:wsBeforeMessage", done);
      clearTimeout(timer);
      off.forEach(function (b) { b.disabled = false; });
      if (moving === off) { moving = null; }
    };
    var timer = setTimeout(done, 5000);
    window.addEventListener("htmx:wsBeforeMessage", done);
    return true;
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!isMove(e.detail.requestConfig && e.detail.requestConfig.path)) { return; }
    var off = [];
    document.querySelectorAll("#stage button:not([disabled])").forEach(function (b) {
      b.disabled = true;
      off.push(b);
    });
    moving = off;
    // the request's own end, whatever happened: the push often replaces
    // the clicked control first, and htmx's afterRequest of a removed
    // element never reaches the document
    e.detail.xhr.addEventListener("loadend", function () {
      off.forEach(function (b) { b.disabled = false; });
      if (moving === off) { moving = null; }
    });
  });
  // a panel shown once (a bot's token) goes when its reader is done
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-dismiss]");
    if (!btn) { return; }
    var box = document.querySelector(btn.getAttribute("data-dismiss"));
    if (box) { box.replaceChildren(); }
  });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-copy]");
    if (!btn) { return; }
    var input = document.querySelector(btn.getAttribute("data-copy"));
    if (!input) { return; }
    var label = btn.getAttribute("data-label") || btn.textContent;
    btn.setAttribute("data-label", label);
    var done = function () {
      btn.textContent = tr("script.copied");
      setTimeout(function () { btn.textContent = label; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { input.select(); });
    } else {
      input.select();
      try { document.execCommand("copy"); done(); } catch (err) { /* selected for manual copy */ }
    }
  });

  // Clocks: an element with data-deadline (ms since epoch) shows the
  // seconds left; a bar with data-bar-deadline and data-bar-total drains.
  // The server owns the clock; this only displays it, in the server's
  // time: every push (and the page) carries the server's now (#seq
  // data-now), and offset is how far this device's clock is behind it,
  // so a phone whose clock is minutes off shows the same seconds left as
  // everyone else.
  //
  // A phone pays for every frame the page restyles, so the page wakes
  // once a second while a clock runs, and writes only what changed: a
  // countdown's text, a bar's scale (a step of a second is a pixel or two
  // of a minute's bar). An animated drain looked smoother, but Chrome
  // could not hand it to the compositor (the bars sit in anchored boxes)
  // and restyled the table every frame instead.
  var offset = 0;
  function serverNow() { return Date.now() + offset; }
  function readServerClock(receivedAt) {
    var mark = document.getElementById("seq");
    var now = mark && Number(mark.getAttribute("data-now"));
    if (now) { offset = now - receivedAt; }
  }
  readServerClock(Date.now());
  // Dates: a <time data-when datetime="ISO"> (a slow table's deadline)
  // is written in the viewer's own time zone and the page's language,
  // "Tuesday 21:00" ("Tue 21:00" for data-when="short", a seat's clock;
  // with the day of the month when it is a week or more away); the
  // server's text (UTC) stays for a browser without Intl.
  function writeWhen() {
    var lang = document.documentElement.lang || undefined;
    document.querySelectorAll("time[data-when]").forEach(function (el) {
      var d = new Date(el.getAttribute("datetime"));
      if (isNaN(d.getTime())) { return; }
      var opts = { weekday: el.getAttribute("data-when") === "short" ? "short" : "long", hour: "2-digit", minute: "2-digit" };
      if (Math.abs(d.getTime() - Date.now()) > 6 * 864e5) { opts.day = "numeric"; opts.month = "long"; }
      var text;
      try { text = new Intl.DateTimeFormat(lang, opts).format(d); } catch (err) { return; }
      if (el.textContent !== text) { el.textContent = text; }
    });
  }
  writeWhen();
  var tickTimer = null;
  function tick() {
    clearTimeout(tickTimer);
    writeWhen();
    var now = serverNow(), wake = Infinity;
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Number(el.getAttribute("data-deadline")) - now;
      var text = tr("script.seconds", { Seconds: Math.max(0, Math.ceil(left / 1000)) });
      if (el.textContent !== text) { el.textContent = text; }
      if (left > 0) { wake = Math.min(wake, left % 1000 || 1000); }
    });
    // a sit-and-go's level clock, m:ss to the next level
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = Number(el.getAttribute("data-countdown")) - now, secs = Math.max(0, Math.ceil(left / 1000));
      var text = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
      if (el.textContent !== text) { el.textContent = text; }
      if (left > 0) { wake = Math.min(wake, left % 1000 || 1000); }
    });
    document.querySelectorAll("[data-bar-deadline]").forEach(function (el) {
      var total = Number(el.getAttribute("data-bar-total")) || 1;
      var left = Math.max(0, Number(el.getAttribute("data-bar-deadline")) - now);
      var low = left < total / 4;
      if (el.classList.contains("low") !== low) { el.classList.toggle("low", low); }
      var scale = "scaleX(" + Math.min(1, left / total).toFixed(2) + ")";
      if (el.style.transform !== scale) { el.style.transform = scale; }
      if (left > 0) { wake = Math.min(wake, left % 1000 || 1000); }
    });
    tickTimer = wake < Infinity ? setTimeout(tick, Math.max(50, wake + 5)) : null;
  }

  // The four-colour deck: a choice kept in this browser.
  function fourColour(on) {
    document.documentElement.classList.toggle("four-colour", on);
    document.querySelectorAll("[data-four-colour]").forEach(function (b) { b.setAttribute("aria-pressed", on ? "true" : "false"); });
  }
  fourColour(store.get("four-colour") === "1");
  document.addEventListener("click", function (e) {
    if (!e.target.closest("[data-four-colour]")) { return; }
    var on = !document.documentElement.classList.contains("four-colour");
    fourColour(on);
    store.set("four-colour", on ? "1" : "0");
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
    // the raise button says the amount it raises to ("Raise to 60")
    var amount = field || (e.target.id && e.target.type === "number" ? e.target : null);
    if (amount && amount.value !== "") {
      var n = Number(amount.value);
      document.querySelectorAll('[data-amount-of="' + amount.id + '"]').forEach(function (s) {
        s.textContent = isNaN(n) ? amount.value : n.toLocaleString(document.documentElement.lang || undefined);
      });
    }
  });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-set-amount]");
    if (!btn) { return; }
    var field = document.getElementById(btn.getAttribute("data-amount-target"));
    if (!field) { return; }
    field.value = btn.getAttribute("data-set-amount");
    field.dispatchEvent(new Event("input", { bubbles: true }));
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

  // The Impetus map's camera (the original client had one): the zoom
  // buttons, two fingers to zoom and a drag to pan on a touch screen, the
  // arrow keys to pan while the focus is on the map; a cell that takes the
  // focus comes into view. It moves the SVG's viewBox, nothing else.
  var cam = { x: 0, y: 0, z: 1 }, MAP = 190;
  function applyCamera() {
    var svg = document.querySelector("svg[data-camera]");
    if (!svg) { return; }
    var half = MAP / cam.z, lim = MAP - half;
    cam.x = Math.max(-lim, Math.min(lim, cam.x));
    cam.y = Math.max(-lim, Math.min(lim, cam.y));
    var box = Math.round(cam.x - half) + " " + Math.round(cam.y - half) + " " + Math.round(2 * half) + " " + Math.round(2 * half);
    if (svg.getAttribute("viewBox") !== box) { svg.setAttribute("viewBox", box); }
    svg.closest(".map").classList.toggle("zoomed", cam.z > 1);
  }
  function zoomBy(f) { cam.z = Math.max(1, Math.min(4, cam.z * f)); applyCamera(); }
  document.addEventListener("click", function (e) {
    var b = e.target.closest("[data-zoom]");
    if (!b) { return; }
    var how = b.getAttribute("data-zoom");
    if (how === "fit") { cam = { x: 0, y: 0, z: 1 }; applyCamera(); } else { zoomBy(how === "in" ? 1.5 : 1 / 1.5); }
  });
  var panKeys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  document.addEventListener("keydown", function (e) {
    var d = panKeys[e.key];
    if (!d || cam.z <= 1 || !e.target.closest || !e.target.closest("#im-map")) { return; }
    e.preventDefault();
    cam.x += d[0] * 40 / cam.z;
    cam.y += d[1] * 40 / cam.z;
    applyCamera();
  });
  document.addEventListener("focusin", function (e) {
    var hex = e.target.closest && e.target.closest("#im-map .hex");
    if (!hex || cam.z <= 1) { return; }
    var b = hex.getBBox(), cx = b.x + b.width / 2, cy = b.y + b.height / 2, half = MAP / cam.z;
    if (Math.abs(cx - cam.x) > half - 20 || Math.abs(cy - cam.y) > half - 20) { cam.x = cx; cam.y = cy; applyCamera(); }
  });
  var pointers = new Map(), drag = null, pinch = null, dragged = false;
  function spread() { var p = Array.from(pointers.values()); return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1; }
  document.addEventListener("pointerdown", function (e) {
    var svg = e.target.closest && e.target.closest("svg[data-camera]");
    if (!svg) { return; }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    dragged = false;
    if (pointers.size === 1) { drag = { x: e.clientX, y: e.clientY, cx: cam.x, cy: cam.y, svg: svg }; }
    if (pointers.size === 2) { pinch = { d: spread(), z: cam.z }; }
  });
  document.addEventListener("pointermove", function (e) {
    if (!pointers.has(e.pointerId)) { return; }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pointers.size === 2) {
      cam.z = Math.max(1, Math.min(4, pinch.z * spread() / pinch.d));
      dragged = true;
      applyCamera();
    } else if (drag && pointers.size === 1 && cam.z > 1) {
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!dragged && Math.abs(dx) + Math.abs(dy) < 8) { return; }
      dragged = true;
      var perPx = 2 * MAP / cam.z / (drag.svg.clientWidth || 1);
      cam.x = drag.cx - dx * perPx;
      cam.y = drag.cy - dy * perPx;
      applyCamera();
    }
  });
  function lift(e) {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) { pinch = null; }
    if (pointers.size === 1) { var p = pointers.values().next().value; drag = { x: p.x, y: p.y, cx: cam.x, cy: cam.y, svg: drag && drag.svg }; }
    if (pointers.size === 0) { drag = null; }
  }
  document.addEventListener("pointerup", lift);
  document.addEventListener("pointercancel", lift);
  // a drag or a pinch is not a tap on the cell under it
  document.addEventListener("click", function (e) {
    if (dragged && e.target.closest && e.target.closest("svg[data-camera]")) {
      e.preventDefault();
      e.stopPropagation();
    }
    dragged = false;
  }, true);

  // The page keeps room under the fixed action bar for the bar's height,
  // so nothing of the table stays hidden under it (a big choice, such as
  // Impetus's factions, makes the bar taller). A ResizeObserver reads the
  // bar's height after the browser's own layout: reading it right after
  // a push would make the browser lay the page out an extra time.
  var barSeen = null;
  var barWatch = window.ResizeObserver ? new ResizeObserver(function () { barRoom(); }) : null;
  function watchBar() {
    var bar = document.querySelector("#stage .actionbar");
    if (!barWatch) { barRoom(); return; }
    if (bar === barSeen) { return; }
    if (barSeen) { barWatch.unobserve(barSeen); }
    barSeen = bar;
    if (bar) { barWatch.observe(bar); } else { barRoom(); }
  }
  function barRoom() {
    var main = document.querySelector("main.table-page"), bar = document.querySelector("#stage .actionbar");
    if (!main) { return; }
    var h = bar && bar.offsetHeight && getComputedStyle(bar).position === "fixed" ? bar.offsetHeight : 0;
    var pad = h ? (h + 24) + "px" : "";
    if (main.style.paddingBottom !== pad) { main.style.paddingBottom = pad; }
    if (bar) { fitSheet(bar, h); }
  }
  // A hand's results (no move to make) never cover the viewer's own
  // cards on the first screen: when the sheet would, its results table
  // scrolls within the room left under them (its natural height read
  // from scrollHeight, so a limit set here does not undo itself). Cards
  // below the first screen (the host's "Next game" drawer open above the
  // table) are reached by scrolling anyway: the results keep their rows.
  // A bar that is not fixed (h 0: a wide screen's, in the table's column)
  // covers nothing: a limit set while it was is cleared.
  function fitSheet(bar, h) {
    var st = bar.querySelector(".standings");
    if (!st) { return; }
    var mine = document.querySelector("#stage .ring-seats > .seat.you .hole");
    var limit = "";
    if (h && mine && !bar.querySelector(".has-actions")) {
      var natural = h - st.clientHeight + st.scrollHeight;
      var cards = mine.getBoundingClientRect().bottom + window.scrollY;
      var over = cards + 6 - (window.innerHeight - natural);
      if (over > 0 && cards <= window.innerHeight) { limit = Math.max(st.scrollHeight - over, 72) + "px"; }
    }
    if (st.style.maxHeight !== limit) {
      st.style.maxHeight = limit;
      st.classList.toggle("fitted", limit !== "");
      if (limit) { st.tabIndex = 0; } else { st.removeAttribute("tabindex"); }
    }
  }
  window.addEventListener("resize", barRoom);

  // Tap a selected card again to play the selection. Only a tap on the
  // card (not the keyboard's Space on its checkbox) plays.
  document.addEventListener("click", function (e) {
    var label = e.target.closest("#p-hand label.card");
    if (!label || e.target.tagName === "INPUT") { return; }
    var input = label.querySelector("input");
    var play = document.querySelector("#p-controls [data-play]");
    if (input && input.checked && play) {
      e.preventDefault();
      play.click();
    }
  });
  // The hand by keyboard is one Tab stop (a roving tabindex): the arrow
  // keys, Home and End move along the cards, Space selects one, Enter
  // selects it too and, on a card already selected, plays the selection
  // (or, for the 7s' gift, goes to the first player who may take it).
  function handInputs() { return Array.prototype.slice.call(document.querySelectorAll("#p-hand input[name=card]:not(:disabled)")); }
  var handAt = 0; // the place of the hand's Tab stop, kept when cards leave
  function rove(focus) {
    var cards = handInputs();
    if (!cards.length) { return; }
    var at = Math.max(0, Math.min(handAt, cards.length - 1));
    cards.forEach(function (c, i) {
      var t = i === at ? 0 : -1;
      if (c.tabIndex !== t) { c.tabIndex = t; }
    });
    if (focus) { cards[at].focus(); }
  }
  document.addEventListener("focusin", function (e) {
    var i = handInputs().indexOf(e.target);
    if (i >= 0 && i !== handAt) { handAt = i; rove(false); }
  });
  var handKeys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  // An Enter the hand took (to select, play or go to the gift's players)
  // ends there: Chromium can still deliver its keypress, after the focus
  // moved, to the player button, which would give the cards at once.
  var enterTaken = false;
  document.addEventListener("keydown", function () { enterTaken = false; }, true);
  document.addEventListener("keypress", function (e) {
    if (enterTaken && e.key === "Enter") { e.preventDefault(); }
    enterTaken = false;
  }, true);
  document.addEventListener("keyup", function (e) {
    if (e.key === " " && handInputs().indexOf(e.target) >= 0) { e.preventDefault(); }
  });
  document.addEventListener("keydown", function (e) {
    var cards = handInputs();
    var i = cards.indexOf(e.target);
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (handKeys[e.key] || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      handAt = e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : Math.max(0, Math.min(cards.length - 1, i + handKeys[e.key]));
      rove(true);
      return;
    }
    if (e.key === " ") {
      // Space selects on the key's press, not its release (a checkbox's
      // own way): a push that redraws the hand between the two would
      // otherwise drop the selection
      e.preventDefault();
      if (!e.repeat) { e.target.click(); }
      return;
    }
    if (e.key !== "Enter") { return; }
    e.preventDefault();
    enterTaken = true;
    var card = e.target;
    if (!card.checked) { card.click(); return; }
    var act = document.querySelector("#p-controls [data-play], #p-controls button[value=discard], #p-controls button[value=return]");
    if (act) { act.click(); return; }
    var to = document.querySelector("[data-give-to]");
    if (to) { to.focus(); }
  });
  // A move from the keyboard takes the focused card (or the pressed
  // button) away with it: the focus goes back to the hand, not the page.
  var refocus = false;
  document.addEventListener("keydown", function (e) {
    if (e.key === "Enter" || e.key === " ") { refocus = !!(e.target.closest && e.target.closest("#p-hand, #p-controls, [data-give-to]")); }
  }, true);
  // A push that redraws the hand (a clock, a mark) keeps the cards the
  // player had picked and not yet played, in the same deal: a selection
  // is never lost under their thumb.
  function pickedCards() {
    var hand = document.getElementById("p-hand");
    return hand && { deal: hand.getAttribute("data-deal"), cards: Array.prototype.map.call(hand.querySelectorAll("input[name=card]:checked"), function (i) { return i.value; }) };
  }
  function restorePicked(picked) {
    var hand = document.getElementById("p-hand");
    if (!hand || !picked || hand.getAttribute("data-deal") !== picked.deal) { return; }
    picked.cards.forEach(function (v) {
      var input = hand.querySelector("input[name=card][value='" + CSS.escape(v) + "']");
      if (input && !input.disabled && !input.checked) { input.checked = true; }
    });
  }
  function keepFocus() {
    rove(refocus && (!document.activeElement || document.activeElement === document.body));
    if (document.activeElement && document.activeElement !== document.body) { refocus = false; }
  }

  // The 7s gift: tap cards, then the player who gets them. Each tap on a
  // player adds the selected cards to the gift; when all are placed the
  // gift is posted.
  function giftForm() { return document.querySelector("#p-controls:has(input[value=gift])"); }
  function giftNeed() { return Number(document.querySelector("#p-actions").getAttribute("data-need")); }
  document.addEventListener("click", function (e) {
    var to = e.target.closest("[data-give-to]");
    var form = giftForm();
    if (!to || !form) { return; }
    var picked = document.querySelectorAll("#p-hand input[name=card]:checked");
    if (picked.length === 0) {
      var m = document.getElementById("message");
      if (m) { m.textContent = tr("script.gift.first"); }
      return;
    }
    picked.forEach(function (input) {
      var hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = "give_" + input.value;
      hidden.value = to.getAttribute("data-give-to");
      hidden.setAttribute("data-gift", "");
      // inside the actions, so the next push takes them away with the gift
      document.getElementById("p-actions").appendChild(hidden);
      input.checked = false;
      input.disabled = true;
      var label = input.closest("label");
      label.classList.add("given");
      label.setAttribute("data-given-to", "→ " + to.getAttribute("data-name"));
    });
    var given = form.querySelectorAll("[data-gift]").length;
    var need = giftNeed();
    var note = form.querySelector("[data-given]");
    if (note) { note.textContent = tr("script.gift.given", { Given: given, Need: need }); }
    if (given >= need) { htmx.trigger(form, "submit"); }
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest("[data-gift-reset]")) { return; }
    var form = giftForm();
    form.querySelectorAll("[data-gift]").forEach(function (h) { h.remove(); });
    form.querySelector("[data-given]").textContent = "";
    document.querySelectorAll("#p-hand label.card.given").forEach(function (l) {
      l.classList.remove("given");
      l.removeAttribute("data-given-to");
      l.querySelector("input").disabled = false;
    });
  });

  // A link to a drawer opens it ("Tonight's standings" under a deal's or
  // a hand's results opens the Tonight drawer).
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest('a[href^="#"]');
    var d = a && document.getElementById(a.getAttribute("href").slice(1));
    if (d && d.tagName === "DETAILS") { d.open = true; }
  });

  // Drawers open by themselves on a wide screen; on a phone they stay
  // folded until tapped.
  var wide = window.matchMedia("(min-width: 64rem)").matches;
  function drawers() {
    document.querySelectorAll("details[data-open-wide]:not([data-seen])").forEach(function (d) {
      d.setAttribute("data-seen", "");
      if (wide) { d.open = true; }
    });
  }

  // Chat that arrives while the chat is out of sight (its drawer folded,
  // or scrolled away): the drawer's summary counts the new lines, and the
  // newest shows for a few seconds in a toast (a polite live region; a tap
  // on it opens the chat). One's own lines count for nothing.
  var unread = 0, toastTimer = null;
  function chatSeen() {
    var d = document.getElementById("chat-drawer"), list = document.getElementById("chat");
    if (!d || !d.open || !list) { return false; }
    var r = list.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }
  function showUnread() {
    var badge = document.querySelector("[data-unread]");
    if (!badge) { return; }
    badge.hidden = unread === 0;
    badge.textContent = tr("script.unread", { Count: unread });
  }
  // The toast stands under the status line (and the header), never over
  // it; a push that makes the status line taller moves it down.
  function placeToast() {
    var box = document.getElementById("chat-toast");
    if (!box || !box.firstChild) { return; }
    var header = document.querySelector("header.top"), status = document.querySelector("#stage .status");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    if (status) { top = Math.max(top, status.getBoundingClientRect().bottom); }
    var px = Math.round(top + 4) + "px";
    if (box.style.top !== px) { box.style.top = px; }
  }
  document.addEventListener("htmx:wsAfterMessage", placeToast);
  window.addEventListener("scroll", placeToast, { passive: true });
  function toast(li) {
    var box = document.getElementById("chat-toast");
    if (!box) { return; }
    var b = document.createElement("button");
    b.type = "button";
    b.className = "toast-line";
    b.setAttribute("data-open-chat", "");
    // the name and the words: the chat's marks ("host") stay in the chat
    var line = li.cloneNode(true);
    line.querySelectorAll(".mark").forEach(function (m) { m.remove(); });
    b.textContent = line.textContent.replace(/\s+/g, " ").replace(/ :/, ":").trim();
    box.replaceChildren(b);
    placeToast();
    if (toastTimer) { clearTimeout(toastTimer); }
    toastTimer = setTimeout(function () { box.replaceChildren(); }, 6000);
  }
  new MutationObserver(function (records) {
    var d = document.getElementById("chat-drawer");
    if (!d) { return; }
    var me = d.getAttribute("data-me"), newest = null;
    records.forEach(function (m) {
      if (m.target.id !== "chat") { return; } // the whole chat re-sent: nothing new
      m.addedNodes.forEach(function (li) {
        if (li.nodeType !== 1 || !li.classList.contains("chat")) { return; }
        var who = li.querySelector("b");
        if (who && who.textContent === me) { return; }
        if (!newest) { newest = li; } // new lines come newest first
        if (!chatSeen()) { unread++; }
      });
    });
    if (newest && !chatSeen()) { toast(newest); showUnread(); }
  }).observe(document.getElementById("chat-drawer") || document.createElement("i"), { childList: true, subtree: true });
  window.addEventListener("scroll", function () {
    if (unread && chatSeen()) { unread = 0; showUnread(); }
  }, { passive: true });
  document.addEventListener("toggle", function (e) {
    if (e.target.id === "chat-drawer" && e.target.open) { unread = 0; showUnread(); }
  }, true);
  document.addEventListener("click", function (e) {
    if (!e.target.closest("[data-open-chat]")) { return; }
    var d = document.getElementById("chat-drawer");
    document.getElementById("chat-toast").replaceChildren();
    d.open = true;
    d.scrollIntoView({ block: "nearest" });
    var input = document.getElementById("chat-text");
    if (input) { input.focus({ preventScroll: true }); }
  });

  // Your turn: the server marks it in #turn-mark. The title and favicon
  // follow it; turning to you plays a short sound and vibrates, unless
  // muted (a choice kept in this browser). Browsers allow sound only
  // after a first tap or key on the page.
  var audio = null;
  function unlock() {
    if (audio || !(window.AudioContext || window.webkitAudioContext)) { return; }
    audio = new (window.AudioContext || window.webkitAudioContext)();
  }
  document.addEventListener("pointerdown", unlock, { once: true });
  document.addEventListener("keydown", unlock, { once: true });
  function muted() { return store.get("muted") === "1"; }
  function showMute() {
    document.querySelectorAll("[data-mute]").forEach(function (b) {
      b.setAttribute("aria-pressed", muted() ? "false" : "true");
    });
  }
  showMute();
  document.addEventListener("click", function (e) {
    if (!e.target.closest("[data-mute]")) { return; }
    store.set("muted", muted() ? "0" : "1");
    showMute();
  });
  function chime() {
    if (!audio || muted()) { return; }
    var t = audio.currentTime;
    [660, 880].forEach(function (f, i) {
      var o = audio.createOscillator(), g = audio.createGain();
      o.type = "sine";
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + i * 0.12);
      g.gain.exponentialRampToValueAtTime(0.18, t + i * 0.12 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.12 + 0.25);
      o.connect(g).connect(audio.destination);
      o.start(t + i * 0.12);
      o.stop(t + i * 0.12 + 0.3);
    });
  }
  var baseTitle = document.title;
  var icon = document.querySelector("link[rel=icon]");
  var iconHref = icon && icon.getAttribute("href"), turnHref = icon && icon.getAttribute("data-turn-href");
  var wasTurn = false, iconTurn = false;
  // The favicon tells a player on another tab: it changes only while the
  // page is out of sight (a change costs the page a fetch and a redraw of
  // the icon), and goes back when they return.
  function showIcon(mine) {
    var want = mine && document.hidden;
    if (!icon || want === iconTurn) { return; }
    iconTurn = want;
    icon.setAttribute("href", want ? turnHref : iconHref);
  }
  document.addEventListener("visibilitychange", function () { showIcon(wasTurn); });
  function turn() {
    var mark = document.getElementById("turn-mark");
    var mine = !!mark && mark.getAttribute("data-your-turn") === "true";
    var title = mine ? tr("script.turn_title", { What: mark.getAttribute("data-what") || tr("game.your_turn"), Title: baseTitle }) : baseTitle;
    if (document.title !== title) { document.title = title; }
    showIcon(mine);
    if (mine && !wasTurn) {
      chime();
      // a browser allows vibration only after the person has tapped the
      // page (calling it before logs an error)
      var touched = navigator.userActivation ? navigator.userActivation.hasBeenActive : !!audio;
      if (!muted() && touched && navigator.vibrate) { try { navigator.vibrate([120, 60, 120]); } catch (err) { /* not allowed */ } }
    }
    wasTurn = mine;
    document.documentElement.classList.toggle("your-turn", mine);
  }
  // A new deal: the hand is dealt in, once.
  var lastDeal = null;
  function deal() {
    var hand = document.querySelector(".hand[data-deal]");
    if (!hand) { return; }
    var d = hand.getAttribute("data-deal");
    if (lastDeal !== null && d !== lastDeal) { hand.classList.add("deal"); }
    lastDeal = d;
  }
  // A replay plays by itself: Play presses the next step's link
  // (data-next-step) at the chosen speed until the last step (the step
  // shown has data-step and data-steps); each step swaps in without a
  // page load.
  var playing = false, speed = null, timer = null;
  function replayStep() {
    timer = null;
    var next = document.querySelector("[data-next-step]");
    var at = document.querySelector("[data-steps]");
    if (!playing || !next || !at || at.getAttribute("data-step") === at.getAttribute("data-steps")) { playing = false; showReplay(); return; }
    next.click();
  }
  function showReplay() {
    var b = document.querySelector("[data-autoplay]");
    if (b) {
      b.setAttribute("aria-pressed", playing ? "true" : "false");
      b.textContent = tr(playing ? "script.replay.pause" : "script.replay.play");
    }
    var sel = document.querySelector("[data-speed]");
    if (sel && speed) { sel.value = speed; }
  }
  function schedule() {
    if (timer) { clearTimeout(timer); }
    var sel = document.querySelector("[data-speed]");
    timer = playing ? setTimeout(replayStep, Number((sel && sel.value) || 1000)) : null;
  }
  document.addEventListener("click", function (e) {
    if (!e.target.closest("[data-autoplay]")) { return; }
    playing = !playing;
    showReplay();
    schedule();
  });
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("[data-speed]")) { speed = e.target.value; schedule(); }
  });
  // A drawer the player opened stays open while pushes redraw what holds
  // it (the lobby, the seat's panel) or a replay's step swaps in (its
  // "More"): a <details> named by its id or its data-keep is reopened
  // when the page changes while the player has it open.
  // The state is read from the "open" attribute's mutations, in the same
  // microtask as the pushes' own: the toggle event comes a task late, and a
  // clock's tick in between would reopen a drawer the player just closed.
  var keptOpen = {};
  function keepKey(d) { return d.id || d.getAttribute("data-keep") || ""; }
  new MutationObserver(function (records) {
    records.forEach(function (m) {
      var d = m.target;
      if (m.type !== "attributes" || d.tagName !== "DETAILS" || !keepKey(d)) { return; }
      // opened, even just as a push replaced it; closed where it stands
      if (d.open) { keptOpen[keepKey(d)] = true; } else if (d.isConnected) { delete keptOpen[keepKey(d)]; }
    });
    // whatever replaced it (a push, a response, a resync), before the
    // page is painted again
    Object.keys(keptOpen).forEach(function (k) {
      var d = document.getElementById(k) || document.querySelector('details[data-keep="' + k + '"]');
      if (d && d.tagName === "DETAILS" && !d.open) { d.open = true; }
    });
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });
  // A finished game's sheet, once folded, stays folded while pushes
  // redraw the action bar (a new game's standings open again).
  var sheetFolded = false;
  document.addEventListener("toggle", function (e) {
    if (e.target.matches && e.target.matches("details.final-sheet")) { sheetFolded = !e.target.open; }
  }, true);
  // What happened to the viewer (Impetus), where it scrolls within a few
  // lines (a phone), shows its newest lines when it comes.
  // (afterPush, below: a push brings a new list, scrolled to its top; a
  // property marks one seen)
  function newestHappened() {
    var h = document.getElementById("im-happened");
    if (!h || h.seenNewest) { return; }
    h.seenNewest = true;
    h.scrollTop = h.scrollHeight;
  }
  // The host's "Next game" beside Play again opens their drawer where it
  // is (CSS raises it over the action bar), its title focused, without
  // leaving "#next-game-pick" in the address people copy to share the
  // table; folded again, the focus goes back to the link.
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest(".final-again a.next-link");
    var d = document.querySelector("#next-game details.next-game");
    if (!a || !d) { return; }
    e.preventDefault();
    d.open = true;
    d.querySelector("summary").focus();
  });
  // At a game's end, where the link stands, the drawer is raised by it
  // and gives up its place (#next-game.at-end in app.css); at any other
  // time the drawer stands where it is. (A class set here, not a
  // :has(.final-again .next-link) over the whole page, which the browser
  // would match again at every push.)
  function nextAtEnd() {
    var n = document.getElementById("next-game");
    if (n) { n.classList.toggle("at-end", !!document.querySelector(".final-again .next-link")); }
  }
  document.addEventListener("toggle", function (e) {
    var d = e.target, a = document.querySelector(".final-again a.next-link");
    if (!a || d.open || !d.matches || !d.matches("#next-game details.next-game")) { return; }
    if (document.activeElement === document.body || d.contains(document.activeElement)) { a.focus(); }
  }, true);
  document.addEventListener("htmx:wsAfterMessage", function () {
    var sheets = document.querySelectorAll("details.final-sheet");
    if (!sheets.length) { sheetFolded = false; return; }
    if (sheetFolded) { sheets.forEach(function (d) { if (d.open) { d.open = false; } }); }
  });
  // (the folded "More" stays open from step to step: a kept drawer,
  // above)
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.target.id !== "replay") { return; }
    showReplay();
    schedule();
  });

  // Presence: a page hidden by navigation (another page in this tab, the
  // back/forward cache) closes its socket, so the table sees the player
  // go; a page shown again from that cache reloads, which reconnects and
  // resyncs the whole table. A hidden tab keeps its socket: the player is
  // still there.
  var socket = null;
  if (window.htmx) {
    htmx.createWebSocket = function (url) {
      socket = new WebSocket(url, []);
      socket.binaryType = htmx.config.wsBinaryType;
      return socket;
    };
  }
  window.addEventListener("pagehide", function () {
    if (socket && socket.readyState <= 1) { socket.close(1000, "page hidden"); }
  });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted && document.querySelector("[ws-connect]")) { location.reload(); }
  });

  // Your own connection, in the top bar (#conn): connecting, connected,
  // reconnecting with the attempt's number (htmx-ext-ws retries after a
  // close with 1006, 1011, 1012 or 1013), or offline (the browser is, or
  // the socket closed for good). Every (re)connection starts with the
  // whole table.
  var connEl = document.getElementById("conn");
  var sock = "connecting", attempt = 0;
  function showConn() {
    if (!connEl) { return; }
    var state, text;
    if (navigator.onLine === false || sock === "closed") {
      state = "offline";
      text = tr("script.conn.offline");
    } else if (sock === "open") {
      state = "connected";
      text = tr("script.conn.connected");
    } else if (attempt > 0) {
      state = "reconnecting";
      text = tr("script.conn.reconnecting", { Attempt: attempt });
    } else {
      state = "connecting";
      text = tr("layout.conn.connecting");
    }
    connEl.setAttribute("title", tr(state === "offline" && sock === "closed" ? "script.conn.closed" : "layout.conn.title"));
    if (connEl.getAttribute("data-conn") === state && connEl.textContent === text) { return; }
    connEl.setAttribute("data-conn", state);
    connEl.querySelector(".conn-text").textContent = text;
  }
  // Pushes are numbered per connection (#seq data-n: 1 is the whole
  // table the connection starts with, data-full marks a whole table). A
  // number that doesn't follow the last one is a push this page never
  // got: it asks for its whole table (the frame "resync") rather than
  // show a wrong one; once, until a whole table comes (or, should the
  // answer itself go missing, 5 s later).
  var lastPush = null, resyncing = null, receivedAt = 0;
  document.addEventListener("htmx:wsConnecting", function () { sock = "connecting"; showConn(); });
  document.addEventListener("htmx:wsOpen", function () {
    sock = "open";
    attempt = 0;
    lastPush = null;
    resyncing = null;
    showConn();
  });
  document.addEventListener("htmx:wsClose", function (e) {
    var code = e.detail && e.detail.event && e.detail.event.code;
    if ([1006, 1011, 1012, 1013].indexOf(code) >= 0) {
      sock = "retrying";
      attempt++;
    } else {
      sock = "closed";
    }
    showConn();
  });
  window.addEventListener("online", showConn);
  window.addEventListener("offline", showConn);
  document.addEventListener("htmx:wsBeforeMessage", function () { receivedAt = Date.now(); });
  function checkPush(e) {
    var mark = document.getElementById("seq");
    if (!mark || !mark.hasAttribute("data-n")) { return; }
    readServerClock(receivedAt || Date.now());
    var n = Number(mark.getAttribute("data-n"));
    var t = performance.now();
    if (mark.hasAttribute("data-full")) {
      resyncing = null;
    } else if (lastPush !== null && n !== lastPush + 1 && (resyncing === null || t - resyncing > 5000) && e.detail && e.detail.socketWrapper) {
      resyncing = t;
      e.detail.socketWrapper.send("resync");
    }
    lastPush = n;
  }
  showConn();

  function afterPush() { tick(); turn(); deal(); drawers(); keepFocus(); applyCamera(); watchBar(); retitle(); newestHappened(); nextAtEnd(); }

  // A table that changed game pushes its top bar's game (#bar-game): the
  // browser's tab says it too.
  function retitle() {
    var bar = document.getElementById("bar-game");
    if (bar && bar.dataset.title && document.title !== bar.dataset.title) { document.title = bar.dataset.title; }
  }

  // A push is swapped in here rather than by htmx's out-of-band swap,
  // which clones every fragment, looks for preserved elements and fires,
  // for each fragment, an event on every element swapped so far (n²
  // events a push): a phone pays for each. Each top-level element of a
  // push replaces the element with its id (hx-swap-oob afterbegin and
  // beforeend add its children instead, delete removes it), and htmx then
  // wires what came in (hx-post and the like), as its own swap does.
  // This listens on window, after every listener of the document (one
  // may cancel the push), and cancels the extension's own swap.
  // htmx wires only what carries its attributes: a fragment without
  // any (a seat, the board, the log) is left alone, since processing walks
  // the whole fragment and fires events on it.
  var HX = "[hx-get],[hx-post],[hx-put],[hx-patch],[hx-delete],[hx-trigger],[hx-boost],[hx-ext],[hx-on],[ws-send],[ws-connect],[data-hx-post],[data-hx-get]";
  function wired(n) { return n.nodeType === 1 && (n.matches(HX) || !!n.querySelector(HX)); }
  // A chip (a bet, chips won) fades in once, when it is placed: a push
  // that redraws its seat for something else (the turn moving on, a
  // badge, a whole table) brings the same chip in still (.held), at full
  // opacity. Each chip is its seat's (the seat's id), looked up in the
  // page before the swap.
  function keepChips(el) {
    el.querySelectorAll(".bet-chip, .won-chip").forEach(function (c) {
      var seat = c.parentElement, was = seat && seat.id && document.getElementById(seat.id);
      var old = was && was.querySelector(":scope > " + (c.classList.contains("bet-chip") ? ".bet-chip" : ".won-chip"));
      if (old && old.textContent === c.textContent) { c.classList.add("held"); }
    });
  }
  function swapPush(html) {
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    Array.prototype.slice.call(tpl.content.children).forEach(function (el) {
      var target = el.id && document.getElementById(el.id);
      if (!target) { return; }
      var how = el.getAttribute("hx-swap-oob") || "outerHTML";
      el.removeAttribute("hx-swap-oob");
      if (how === "delete") { target.remove(); return; }
      var added = [el];
      if (how === "afterbegin" || how === "beforeend") {
        added = Array.prototype.slice.call(el.children);
        var nodes = Array.prototype.slice.call(el.childNodes);
        if (how === "afterbegin") { target.prepend.apply(target, nodes); } else { target.append.apply(target, nodes); }
      } else {
        keepChips(el);
        target.replaceWith(el);
      }
      added.forEach(function (n) { if (wired(n)) { htmx.process(n); } });
    });
  }
  window.addEventListener("htmx:wsBeforeMessage", function (e) {
    if (e.defaultPrevented || !window.htmx) { return; }
    e.preventDefault();
    var picked = pickedCards();
    swapPush(e.detail.message);
    restorePicked(picked);
    // a refused move's answer (the message line alone) is no push: it
    // has no number
    if (e.detail.message.indexOf('id="seq"') >= 0) { checkPush(e); }
    afterPush();
  });
  // out-of-band swaps of a post's answer: one tick after them all
  var tickSoon = null;
  document.addEventListener("htmx:oobAfterSwap", function () {
    if (!tickSoon) { tickSoon = setTimeout(function () { tickSoon = null; tick(); }, 0); }
  });
  afterPush();
})();

// ---- Passkeys (issue 31): "Keep my name on any device" and "Sign in
// with a passkey". The server's options come as JSON, bytes in base64url;
// the browser's answer goes back the same way, by fetch with the page's
// CSRF token (the header htmx sends). The controls ([data-passkey]) come
// shown, so the page does not shift when they appear, and are hidden in a
// browser without WebAuthn (a page opened over plain http by address). ----
(function () {
  "use strict";
  if (!window.PublicKeyCredential || !navigator.credentials) {
    document.querySelectorAll("[data-passkey]").forEach(function (el) { el.hidden = true; });
    return;
  }

  function toBuf(s) {
    s = s.replace(/-/g, "+").replace(/_/g, "/");
    while (s.length % 4) { s += "="; }
    var bin = atob(s), out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { out[i] = bin.charCodeAt(i); }
    return out.buffer;
  }
  function toB64url(buf) {
    var bytes = new Uint8Array(buf), bin = "";
    for (var i = 0; i < bytes.length; i++) { bin += String.fromCharCode(bytes[i]); }
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"] || ""; } catch (err) { return ""; }
  }
  // post answers the JSON, or fails with the server's sentence
  function post(path, body) {
    return fetch(path, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf()},
      body: body ? JSON.stringify(body) : ""
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok) { throw new Error(j.error || tr("script.passkey.failed_status", { Status: r.status })); }
        return j;
      });
    });
  }
  // options turns the server's options (a creation's or a request's)
  // into what navigator.credentials takes: its ids and challenge as bytes
  function options(o) {
    var pk = o.publicKey;
    pk.challenge = toBuf(pk.challenge);
    if (pk.user) { pk.user.id = toBuf(pk.user.id); }
    (pk.excludeCredentials || []).concat(pk.allowCredentials || []).forEach(function (c) { c.id = toBuf(c.id); });
    return {publicKey: pk};
  }
  // answer is the credential as the server reads it. No extension was
  // asked for, so none is sent back.
  function answer(cred) {
    var r = cred.response;
    var out = {id: cred.id, rawId: toB64url(cred.rawId), type: cred.type, clientExtensionResults: {},
      response: {clientDataJSON: toB64url(r.clientDataJSON)}};
    if (cred.authenticatorAttachment) { out.authenticatorAttachment = cred.authenticatorAttachment; }
    if (r.attestationObject) {
      out.response.attestationObject = toB64url(r.attestationObject);
      if (r.getTransports) { out.response.transports = r.getTransports(); }
    } else {
      out.response.authenticatorData = toB64url(r.authenticatorData);
      out.response.signature = toB64url(r.signature);
      if (r.userHandle) { out.response.userHandle = toB64url(r.userHandle); }
    }
    return out;
  }
  // problem words what went wrong, the browser's refusals included
  function problem(err) {
    switch (err && err.name) {
    case "NotAllowedError": return tr("script.passkey.not_allowed");
    case "InvalidStateError": return tr("script.passkey.exists");
    case "SecurityError": return tr("script.passkey.insecure");
    case "AbortError": return tr("script.passkey.cancelled");
    }
    return (err && err.message) || tr("script.passkey.failed");
  }
  // signedIn shows who the device is now and their open tables
  function signedIn(box, status, j) {
    document.querySelectorAll("input[name=name]").forEach(function (i) { i.value = j.name; });
    var tables = j.tables || [];
    status.textContent = tr(tables.length ? "script.passkey.welcome" : "script.passkey.welcome_none", { Name: j.name });
    // the question is answered: the buttons give way to the answer
    box.querySelectorAll("[data-passkey-intro], [data-passkey-actions]").forEach(function (el) { el.hidden = true; });
    var list = box.querySelector("[data-passkey-tables]");
    if (!list || !tables.length) { status.focus(); return; }
    list.textContent = "";
    var h = document.createElement("p");
    h.textContent = tr("script.passkey.tables");
    var ul = document.createElement("ul");
    ul.className = "public-tables";
    tables.forEach(function (t) {
      var li = document.createElement("li"), b = document.createElement("strong"), a = document.createElement("a");
      b.textContent = t.game;
      a.href = t.url;
      a.className = "button";
      a.textContent = tr("script.passkey.back", { Table: t.label });
      li.appendChild(b);
      li.appendChild(a);
      ul.appendChild(li);
    });
    list.appendChild(h);
    list.appendChild(ul);
    ul.querySelector("a").focus();
  }
  var busy = false;
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("[data-passkey-register], [data-passkey-login]");
    if (!btn || busy) { return; }
    var box = btn.closest("[data-passkey]");
    var status = box.querySelector("[data-passkey-status]");
    var login = btn.hasAttribute("data-passkey-login");
    busy = true;
    btn.disabled = true;
    status.textContent = tr("script.passkey.waiting");
    var done = login ?
      post("/passkey/login/begin").then(function (o) { return navigator.credentials.get(options(o)); })
        .then(function (cred) { return post("/passkey/login/finish", answer(cred)); })
        .then(function (j) {
          if (box.hasAttribute("data-passkey-reload")) { status.textContent = tr("script.passkey.welcome_back", { Name: j.name }); location.reload(); return; }
          signedIn(box, status, j);
        }) :
      post("/passkey/register/begin").then(function (o) { return navigator.credentials.create(options(o)); })
        .then(function (cred) { return post("/passkey/register/finish", answer(cred)); })
        .then(function (j) { status.textContent = j.message; });
    done.catch(function (err) { status.textContent = problem(err); })
      .then(function () { busy = false; btn.disabled = false; });
  });
})();
