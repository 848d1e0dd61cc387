import { expect, test, type Browser, type Page } from "@playwright/test";
import { signUpCustomer, type Client } from "../support/api";
import { expectAccessible, openMenu, shoot } from "../support/pages";
import { pushSubscriptionBody } from "../support/push";

// "Turn on notifications on this device" (docs/architecture/web-push.md "Web push"): the
// page never asks for permission on load, asks once on the click, subscribes through the service
// worker with the server's key and saves the subscription; public/sw-push.js shows a pushed
// message. Headless Chromium has no push service, so PushManager's subscribe/getSubscription are
// replaced in the page by a device of the test's (its keys made like a browser's); the delivery and
// decryption through a real HTTPS push service: e2e/notifications/push.api.spec.ts. The worker is the app's own
// (/sw.js, which imports /sw-push.js; docs/architecture/offline-app.md), allowed in this file only.

test.describe.configure({ timeout: 120_000 });
// The full browser, not the suite's headless shell (playwright.config.ts): the shell shows no
// notifications, so a pushed message would never reach getNotifications().
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] } });

const isAppWorker = (url: string) => new URL(url).pathname === "/sw.js";

async function pageAs(browser: Browser, client: Client, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await client.ctx.storageState(), serviceWorkers: "allow" });
  await context.grantPermissions(["notifications"], { origin: baseURL });
  return context.newPage();
}

test("permission only after the click; subscribed through the service worker with the server's key; a push shows its notification", async ({ browser, baseURL }) => {
  const customer = await signUpCustomer(baseURL!);
  const page = await pageAs(browser, customer.client, baseURL!);
  const device = pushSubscriptionBody();
  await page.addInitScript((fake) => {
    const w = window as unknown as { __asks: number; __key: string | null };
    w.__asks = 0;
    w.__key = null;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (() => (w.__asks++, ask())) as typeof Notification.requestPermission;
    // The device's state outlives a navigation (signing out leaves the page), as a browser's does.
    const subscribed = () => sessionStorage.getItem("fake-push") === "on";
    const subscription = {
      endpoint: fake.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => fake,
      unsubscribe: async () => (sessionStorage.removeItem("fake-push"), true),
    } as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => (subscribed() ? subscription : null);
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      w.__key = String(options!.applicationServerKey); // the page passes the base64url key as the API allows
      sessionStorage.setItem("fake-push", "on");
      return subscription;
    };
  }, device);

  await page.goto("/account/notifications");
  await page.evaluate(() => navigator.serviceWorker.ready); // the app registers /sw.js after the page loads
  await expect(page.getByRole("columnheader", { name: "Push" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Order on its way: Push" })).toBeChecked();
  const turnOn = page.getByRole("button", { name: "Turn on notifications on this device" });
  await expect(turnOn).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __asks: number }).__asks)).toBe(0); // never on load
  await shoot(page, "push-device-off");

  const saved = page.waitForResponse((r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "POST");
  await turnOn.click();
  expect((await saved).status()).toBe(201);
  expect((await (await saved).json()).subscription.userAgent).toMatch(/^Chrome on /); // the device's label, from the User-Agent
  await expect(page.getByText("Notifications are on for this device.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __asks: number }).__asks)).toBe(1);
  const { publicKey } = await (await customer.client.get("/api/push/public-key")).json();
  expect(await page.evaluate(() => (window as unknown as { __key: string }).__key)).toBe(publicKey);
  await expectAccessible(page, "notification choices with push");
  await shoot(page, "push-device-on");

  // public/sw-push.js: a pushed message (as the browser hands it over, decrypted) becomes a notification linking the order.
  const cdp = await page.context().newCDPSession(page);
  type Version = { registrationId: string; scriptURL: string; status: string };
  const versions: Version[] = [];
  cdp.on("ServiceWorker.workerVersionUpdated", (event: { versions: Version[] }) => versions.push(...event.versions));
  await cdp.send("ServiceWorker.enable");
  // An activated worker: a push handed to one still installing is dropped (the run's last test saw none shown).
  const active = () => versions.find((v) => isAppWorker(v.scriptURL) && v.status === "activated");
  await expect.poll(active).toBeTruthy();
  const message = {
    title: "Your order is on its way",
    body: "Order #42 is on its way",
    url: "/orders/42",
    kind: "order_out_for_delivery",
    orderId: 42,
    stage: "out_for_delivery",
    tag: "order-42",
    notificationId: 1,
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(baseURL!).origin,
    registrationId: active()!.registrationId,
    data: JSON.stringify(message),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: "Your order is on its way", body: "Order #42 is on its way", tag: "order-42", url: `${new URL(baseURL!).origin}/orders/42` }]);
  // Delivered and left at the door: the courier's photo is the notification's image (the server's
  // message names its path; push.test.ts), replacing the order's earlier step. Chromium reads it with
  // the session cookie, as the page's own images: signed in, this order's photo is a 404, not the anonymous 401.
  const origin = new URL(baseURL!).origin;
  const photoRead = page.context().waitForEvent("response", (response) => response.url() === `${origin}/api/orders/42/dropoff-photo`);
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: active()!.registrationId,
    data: JSON.stringify({
      ...message,
      title: "Your order was delivered",
      body: "Order #42 was left at your door: see the courier's photo",
      kind: "order_delivered",
      stage: "delivered",
      image: "/api/orders/42/dropoff-photo",
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ body: n.body, image: (n as Notification & { image: string }).image })),
      ),
    )
    .toEqual([{ body: "Order #42 was left at your door: see the courier's photo", image: `${origin}/api/orders/42/dropoff-photo` }]);
  expect((await photoRead).status()).toBe(404);

  // Off again: the page deletes the subscription on the server.
  const deleted = page.waitForResponse((r) => /\/api\/push\/subscriptions\/\d+$/.test(r.url()) && r.request().method() === "DELETE");
  await page.getByRole("button", { name: "Turn off on this device" }).click();
  expect((await deleted).status()).toBe(200);
  await expect(turnOn).toBeVisible();

  // Signing out drops the browser's subscription: sw-push.js sees the sign-out request go by. (The
  // worker's PushManager is given a subscription that counts its unsubscribe calls.)
  await page.reload(); // now controlled by the worker
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => isAppWorker(w.url()))!;
  await worker.evaluate(() => {
    const scope = self as unknown as { dropped: number };
    scope.dropped = 0;
    PushManager.prototype.getSubscription = async () => ({ unsubscribe: async () => (scope.dropped++, true) }) as unknown as PushSubscription;
  });
  await (await openMenu(page)).getByRole("button", { name: "Sign out" }).click();
  await expect.poll(() => worker.evaluate(() => (self as unknown as { dropped: number }).dropped)).toBe(1);
  await page.context().close();
});
