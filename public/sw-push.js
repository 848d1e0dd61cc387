// Web push in the service worker (docs/architecture/notifications.md "Web push"). The app's
// service worker loads this with importScripts("/sw-push.js"); it only handles `push` and
// `notificationclick`, and caches nothing.
//
// The server's message (lib/server/notifications/push.ts PushMessage), decrypted by the browser:
// { title, body, url, kind, orderId, stage, tag, notificationId }. `url` is a path of this site
// (the order's page); anything else is ignored and the orders page opened instead.

/* global self, clients */

(function () {
  "use strict";

  /** A same-origin URL for `path`, or the orders page. */
  function pageUrl(path) {
    try {
      var url = new URL(path || "/orders", self.location.origin);
      if (url.origin === self.location.origin) return url.href;
    } catch {
      // not a URL: the orders page
    }
    return new URL("/orders", self.location.origin).href;
  }

  self.addEventListener("push", function (event) {
    var message = {};
    try {
      message = event.data ? event.data.json() : {};
    } catch {
      message = { body: event.data ? event.data.text() : "" };
    }
    var title = typeof message.title === "string" && message.title ? message.title : "Nosh";
    var options = {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" && message.tag ? message.tag : undefined,
      // A later step of the same order replaces the earlier one, and still makes itself heard.
      renotify: Boolean(message.tag),
      // The manifest's icon (the installable app's; a missing one only leaves the browser's default).
      icon: "/icons/icon-192.png",
      data: { url: pageUrl(message.url), orderId: message.orderId || null, stage: message.stage || null, kind: message.kind || null },
    };
    event.waitUntil(self.registration.showNotification(title, options));
  });

  // Signing out (any of its routes) drops this browser's subscription, so a shared device stops
  // showing that person's notifications at once; the push service's 410 then tells the server. Only
  // watched, never answered: the app's own fetch handler (or the network) answers the request.
  var SIGN_OUT = /^\/api\/(auth\/logout|auth\/logout-everywhere|users\/\d+\/delete)$/;
  self.addEventListener("fetch", function (event) {
    var url = new URL(event.request.url);
    if (url.origin !== self.location.origin || !SIGN_OUT.test(url.pathname)) return;
    event.waitUntil(
      self.registration.pushManager.getSubscription().then(function (subscription) {
        return subscription ? subscription.unsubscribe() : false;
      }),
    );
  });

  self.addEventListener("notificationclick", function (event) {
    event.notification.close();
    var target = pageUrl(event.notification.data && event.notification.data.url);
    event.waitUntil(
      clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
        // A tab already on that page: bring it forward. Otherwise open the page.
        for (var i = 0; i < windows.length; i++) {
          var client = windows[i];
          if (client.url.split("#")[0] === target && "focus" in client) return client.focus();
        }
        return clients.openWindow ? clients.openWindow(target) : undefined;
      }),
    );
  });
})();
