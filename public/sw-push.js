// @ts-check
// Web push in the service worker (docs/architecture/web-push.md "Web push"). The app's
// service worker loads this with importScripts("/sw-push.js"); it only handles `push` and
// `notificationclick`, and caches nothing.
//
// The server's message (lib/server/notifications/push.ts PushMessage), decrypted by the browser:
// { title, body, url, kind, orderId, stage, tag, notificationId, image? }. `url` (and `image`) is a path of this site
// (the order's page); anything else is ignored and the orders page opened instead. The app's
// paths come from lib/shared/web/service-worker.ts (self.NOSH_PATHS, set by /sw.js); the JSDoc types
// are checked by `npm run typecheck` (tsconfig.worker.json).

/* global self */

(function () {
  "use strict";

  /** @typedef {import("../lib/shared/web/service-worker").ServiceWorkerGlobals} ServiceWorkerGlobals */
  var sw = /** @type {ServiceWorkerGlobalScope & ServiceWorkerGlobals} */ (/** @type {unknown} */ (self));
  var PATHS = sw.NOSH_PATHS;

  /**
   * A same-origin URL for `path`, or the orders page.
   * @param {string | null | undefined} path
   */
  function pageUrl(path) {
    try {
      var url = new URL(path || PATHS.orders, sw.location.origin);
      if (url.origin === sw.location.origin) return url.href;
    } catch {
      // not a URL: the orders page
    }
    return new URL(PATHS.orders, sw.location.origin).href;
  }

  /**
   * A same-origin URL for `path`, or undefined (a notification's image: only this site's).
   * @param {unknown} path
   */
  function ownUrl(path) {
    if (typeof path !== "string" || !path.startsWith("/")) return undefined;
    try {
      var url = new URL(path, sw.location.origin);
      return url.origin === sw.location.origin ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  sw.addEventListener("push", function (event) {
    /** @type {{ title?: unknown, body?: unknown, url?: string, kind?: string, orderId?: number, stage?: string, tag?: unknown, image?: unknown }} */
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
      icon: PATHS.appIcon,
      // The courier's drop-off photo of a delivered order: the browser reads it with the session
      // cookie, as it reads the page's images (Chromium; a browser without notification images shows the text).
      image: ownUrl(message.image),
      data: { url: pageUrl(message.url), orderId: message.orderId || null, stage: message.stage || null, kind: message.kind || null },
    };
    event.waitUntil(sw.registration.showNotification(title, options));
  });

  // Signing out (any of its routes) drops this browser's subscription, so a shared device stops
  // showing that person's notifications at once; the push service's 410 then tells the server. Only
  // watched, never answered: the app's own fetch handler (or the network) answers the request.
  sw.addEventListener("fetch", function (event) {
    var url = new URL(event.request.url);
    if (url.origin !== sw.location.origin || !PATHS.signOut.test(url.pathname)) return;
    event.waitUntil(
      sw.registration.pushManager.getSubscription().then(function (subscription) {
        return subscription ? subscription.unsubscribe() : false;
      }),
    );
  });

  sw.addEventListener("notificationclick", function (event) {
    event.notification.close();
    var target = pageUrl(event.notification.data && event.notification.data.url);
    event.waitUntil(
      sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
        // A tab already on that page: bring it forward. Otherwise open the page.
        for (var i = 0; i < windows.length; i++) {
          var client = windows[i];
          if (client.url.split("#")[0] === target && "focus" in client) return client.focus();
        }
        return sw.clients.openWindow ? sw.clients.openWindow(target) : undefined;
      }),
    );
  });
})();
