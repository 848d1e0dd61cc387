import { expect, test } from "../fixtures";
import { expectAccessible, expectThumbSized, shoot } from "../support/pages";
import { placeOrder } from "../support/orders";

// A board that lives on a tablet (docs/architecture/kitchen.md "A board that lives on a tablet"), at
// 768 px: the owner shows a pairing code on the settings page; the tablet, with nobody signed in on
// it, types it on /kitchen (a wrong code said beside the field) and opens the board with big targets;
// an order arrives and is accepted there; the screen is kept on (the Screen Wake Lock API, emulated
// here: headless Chromium has no screen to keep on) and asked again when the page is visible again;
// the connection lost shows a loud banner, and when it is back the board catches up with what
// happened meanwhile (the stream resumes after its last event); the sound comes back after a reload,
// or, where the browser holds it back, "Tap to enable sound" does; the owner's sign-out changes
// nothing. The rules over HTTP (the board's steps only, removal): e2e/restaurants/kitchen-tablet.api.spec.ts.

/** A screen wake lock the test can read: each request counted, the last sentinel released at will (as the browser does when the tab is hidden). */
const WAKE_LOCK = () => {
  const w = window as unknown as { __wake: { requests: number; last: (EventTarget & { release(): Promise<void> }) | null } };
  w.__wake = { requests: 0, last: null };
  const lock = {
    request: async () => {
      w.__wake.requests++;
      const sentinel = Object.assign(new EventTarget(), { type: "screen", released: false, release: async () => void sentinel.dispatchEvent(new Event("release")) });
      w.__wake.last = sentinel;
      return sentinel;
    },
  };
  Object.defineProperty(navigator, "wakeLock", { configurable: true, value: lock });
};

test("a kitchen tablet pairs by code, takes an order, stays awake and says when its connection is lost (768 px)", async ({ page, browser, owner, customer, baseURL }) => {
  test.setTimeout(90_000);
  const id = owner.restaurant.id;
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);

  await test.step("the owner shows a pairing code on the settings page", async () => {
    await page.goto(`/restaurants/${id}/update`);
    const section = page.getByRole("region", { name: "Kitchen tablets" });
    await expect(section.getByText("No tablets yet")).toBeVisible();
    await section.getByRole("button", { name: "Show a pairing code" }).click();
    await expect(section.getByTestId("pairing-code")).toHaveText(/^[A-Z2-9]{3} [A-Z2-9]{3}$/);
  });
  const code = (await page.getByTestId("pairing-code").textContent())!;

  const tabletContext = await browser.newContext({ baseURL, viewport: { width: 768, height: 1024 }, serviceWorkers: "block" });
  await tabletContext.addInitScript(WAKE_LOCK);
  const tablet = await tabletContext.newPage();

  await test.step("the tablet types it: a wrong code is said beside the field, the right one opens the board", async () => {
    await tablet.goto("/kitchen");
    await tablet.getByLabel("Pairing code").fill(code.startsWith("A") ? "BBB BBB" : "AAA AAA");
    await tablet.getByLabel("Tablet name").fill("Pass");
    await tablet.getByRole("button", { name: "Pair this tablet" }).click();
    await expect(tablet.locator("p[id$='-error']", { hasText: "That code is wrong, expired or already used" })).toBeVisible();
    await expectAccessible(tablet, "pairing, a wrong code");
    await shoot(tablet, "kitchen-pair", [390, 768, 1280]);
    await tablet.getByLabel("Pairing code").fill(code.toLowerCase());
    await tablet.getByRole("button", { name: "Pair this tablet" }).click();
    await tablet.waitForURL(`**/restaurants/${id}/orders`);
    // In #main: while the page streams in, React's hidden copy of it is in the document too.
    await expect(tablet.locator("#main").getByText("Kitchen tablet", { exact: true })).toBeVisible();
    await expect(tablet.getByRole("link", { name: "Your restaurants" })).toHaveCount(0);
    // The screen is kept on without asking: the tablet's default.
    await expect(tablet.getByRole("checkbox", { name: "Keep the screen on" })).toBeChecked();
    await expect.poll(() => tablet.evaluate(() => (window as unknown as { __wake: { requests: number } }).__wake.requests)).toBe(1);
  });

  await test.step("an order arrives and is accepted on the tablet", async () => {
    const order = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
    const accept = tablet.getByRole("button", { name: `Accept order ${order.id}` });
    await expect(accept).toBeVisible();
    await expectThumbSized(tablet);
    await expectAccessible(tablet, "the tablet's board, a new order");
    await shoot(tablet, "kitchen-board", [768, 1024]);
    await accept.click();
    await tablet
      .getByRole("dialog", { name: `Accept order #${order.id}` })
      .getByRole("button", { name: "Accept order" })
      .click();
    await expect(tablet.getByRole("list", { name: "Preparing orders" }).getByRole("heading", { name: new RegExp(`#${order.id}\\b`) })).toBeVisible();
  });

  await test.step("the browser lets the lock go while hidden: it is asked again once the page is visible", async () => {
    await tablet.evaluate(async () => {
      await (window as unknown as { __wake: { last: { release(): Promise<void> } } }).__wake.last.release();
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => tablet.evaluate(() => (window as unknown as { __wake: { requests: number } }).__wake.requests)).toBe(2);
  });

  await test.step("the connection lost: a loud banner; back, the board catches up with what it missed", async () => {
    await tabletContext.setOffline(true);
    const banner = tablet.getByTestId("connection-lost");
    await expect(banner).toContainText("Connection lost.");
    await expectAccessible(tablet, "the tablet's board, connection lost");
    await shoot(tablet, "kitchen-lost", [768, 1024]);
    const missed = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
    await tabletContext.setOffline(false);
    // Once in CI (a saturated machine) the catch-up was not on the page 7 s after the banner went;
    // what the board said then is printed with the failure, to read the next time it happens.
    await expect(tablet.getByTestId("caught-up"))
      .toContainText(`1 new order arrived while the connection was lost: #${missed.id}.`, { timeout: 15_000 })
      .catch(async (error: Error) => {
        const said = await tablet.locator("#main [role=alert], #main [role=status]").allTextContents();
        throw new Error(`${error.message}\nThe board's alerts and statuses then: ${JSON.stringify(said)}; URL ${tablet.url()}`);
      });
    await expect(banner).toHaveCount(0);
    await expect(tablet.getByRole("button", { name: `Accept order ${missed.id}` })).toBeVisible();
    await tablet.getByTestId("caught-up").getByRole("button", { name: "Dismiss" }).click();
    await expect(tablet.getByTestId("caught-up")).toHaveCount(0);
  });

  await test.step("the sound stays chosen after a reload, the owner signed out", async () => {
    await tablet.getByRole("button", { name: "Turn on sound" }).click();
    await expect(tablet.getByRole("checkbox", { name: "Sound for new orders" })).toBeChecked();
    // The owner signs out on their own device: the tablet carries on.
    expect((await page.request.get("/api/auth/logout")).status()).toBe(200);
    await tablet.reload();
    await expect(tablet.getByRole("checkbox", { name: "Sound for new orders" })).toBeChecked();
    // Whether the sound plays again without a tap is the browser's autoplay policy: headless
    // Chromium allowed it in one run and held it back in CI's (then "Tap to enable sound" shows, as
    // it should). Neither case is pinned here; a tap restoring it is not proven by a test yet.
  });
  await tabletContext.close();
});
