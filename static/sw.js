// The service worker of Web Push (handlers/push.go), served at /sw.js so
// its scope is the whole site. It shows the notices the server pushes
// (encrypted by the server for this browser, decrypted by the browser
// before they reach here: {title, body, url, tag}) and opens their table
// on a click. It has no fetch handler: pages load as they do without it.
"use strict";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (e) { e.waitUntil(self.clients.claim()); });

self.addEventListener("push", function (e) {
  var m = {};
  try { m = e.data ? e.data.json() : {}; } catch (err) { m = {}; }
  e.waitUntil(self.registration.showNotification(m.title || self.location.host, {
    body: m.body || "",
    tag: m.tag || undefined,
    renotify: !!m.tag,
    data: { url: m.url || "/" }
  }));
});

// ourURL is a notice's page on this site (never another's).
function ourURL(path) {
  var u;
  try { u = new URL(path || "/", self.location.origin); } catch (err) { u = null; }
  if (!u || u.origin !== self.location.origin) { u = new URL("/", self.location.origin); }
  return u.href;
}

self.addEventListener("notificationclick", function (e) {
  e.notification.close();
  var url = ourURL(e.notification.data && e.notification.data.url);
  e.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].url === url && "focus" in list[i]) { return list[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
