// "Tell me when it is my turn" (views/push.templ, handlers/push.go): the
// browser's notification permission is asked for only when the player
// taps the button, never on load. Then the service worker (/sw.js)
// registers, the browser subscribes to its push service with the
// server's VAPID public key, and the page posts the subscription it got
// (PushSubscription.toJSON) to the server. The box shows the state: on,
// off, blocked, or not supported by this browser.
(function () {
  "use strict";
  function supported() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && window.isSecureContext;
  }
  function word(box, name) {
    var w = box.querySelector('[data-push-word="' + name + '"]');
    return w ? w.textContent : "";
  }
  // show puts the box in a state: its sentence, and which button it offers
  function show(box, state, text) {
    box.setAttribute("data-push-state", state);
    box.querySelector("[data-push-status]").textContent = text === undefined ? word(box, state) : text;
    var cannot = state === "unsupported" || state === "blocked";
    box.querySelector("[data-push-on]").hidden = state === "on" || cannot;
    box.querySelector("[data-push-off]").hidden = state !== "on";
    box.querySelector("[data-push-buttons]").hidden = cannot;
    box.querySelector("[data-push-line]").hidden = state === "on" || cannot;
  }
  function keyBytes(b64) {
    var s = (b64 + "===".slice((b64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var bin = atob(s), out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { out[i] = bin.charCodeAt(i); }
    return out;
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"] || ""; } catch (err) { return ""; }
  }
  // post sends JSON and fails with the server's sentence
  function post(box, path, body) {
    return fetch(path, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok) { throw new Error(j.error || word(box, "failed")); }
        return j;
      });
    });
  }
  function registration() {
    return navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    });
  }
  // subscribe gets this browser's subscription for the server's key (a
  // subscription made for another key is replaced) and posts it
  function subscribe(box) {
    var key = keyBytes(box.getAttribute("data-push-key"));
    return registration().then(function (reg) {
      var opts = { userVisibleOnly: true, applicationServerKey: key };
      return reg.pushManager.subscribe(opts).catch(function (err) {
        if (!err || err.name !== "InvalidStateError") { throw err; }
        return reg.pushManager.getSubscription().then(function (old) {
          return (old ? old.unsubscribe() : Promise.resolve()).then(function () { return reg.pushManager.subscribe(opts); });
        });
      });
    }).then(function (sub) {
      return post(box, "/push/subscribe", sub.toJSON ? sub.toJSON() : sub);
    });
  }
  function turnOn(box) {
    show(box, "waiting");
    // the one place the permission is asked for: after the player's tap
    Notification.requestPermission().then(function (p) {
      if (p === "denied") { show(box, "blocked"); return; }
      if (p !== "granted") { show(box, "dismissed"); return; }
      return subscribe(box).then(function () { show(box, "on"); });
    }).catch(function (err) {
      show(box, "failed", (err && err.message) || word(box, "failed"));
    });
  }
  function turnOff(box) {
    show(box, "waiting");
    navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    }).then(function (sub) {
      if (!sub) { return; }
      return post(box, "/push/unsubscribe", { endpoint: sub.endpoint }).then(function () { return sub.unsubscribe(); });
    }).then(function () { show(box, "off"); }).catch(function (err) {
      show(box, "failed", (err && err.message) || word(box, "failed"));
    });
  }
  // init shows what is already so, without asking anything
  function init(box) {
    if (!supported()) { show(box, "unsupported"); return; }
    if (Notification.permission === "denied") { show(box, "blocked"); return; }
    if (Notification.permission !== "granted") { show(box, "ready", ""); return; }
    navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    }).then(function (sub) { show(box, sub ? "on" : "ready", ""); }).catch(function () { show(box, "ready", ""); });
  }
  function start() {
    document.querySelectorAll("[data-push]").forEach(init);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("[data-push-on], [data-push-off]");
    if (!btn) { return; }
    var box = btn.closest("[data-push]");
    if (!box || box.getAttribute("data-push-state") === "waiting") { return; }
    if (btn.hasAttribute("data-push-on")) { turnOn(box); } else { turnOff(box); }
  });
})();
