import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { signUpCustomer, type Client, type SignedUp } from "../support/api";
import { makeCourier, northOf, ownSpot, placeCustomer, placeRestaurant, rideTo, type DbFile, type Point } from "../support/couriers";
import { acceptOrder, standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { demoLogin, expectAccessible, expectThumbSized, openMenu, shoot } from "../support/pages";
import { startDispatchServer, type Server } from "../support/server";

// The courier journey on screen (docs/architecture/couriers.md): a customer, a restaurant's owner
// and a courier, each in a browser context of their own, the courier's location emulated. The
// order is placed and accepted, the courier is offered it and accepts, picks it up, moves (the
// customer's map follows without a reload), the two exchange messages (live on both screens), and
// the courier delivers it, and is paid.
//
// Each test makes couriers of its own and places its restaurant, customer and couriers at a spot
// of its own (support/couriers.ts, far from the demo restaurants and from every other test's), so
// the specs running beside it on the shared database never reach its couriers, nor it theirs.
// The demo couriers are only logged in (their login button and the menu's link), never put on shift.

type Job = { id: number; orderId: number; state: string; pay: number };

/** A phone camera's JPEG of the door. */
const doorPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a5a2b" } })
    .jpeg()
    .toBuffer();

/** Signs up a user, makes them a courier (off shift) and answers the user with a signed-in client. */
async function newCourier(baseURL: string, name: string, dbFile?: DbFile): Promise<SignedUp> {
  const signed = await signUpCustomer(baseURL, { name });
  await makeCourier(signed.user.id, dbFile);
  return signed;
}

/**
 * The courier's phone: their session, a 360 px screen, location allowed for the site and set to
 * `at`. With `clockAheadMs`, the page's clock (page.clock) runs that far ahead of the server's
 * (behind, below 0) and its timers can be run forward (page.clock.fastForward).
 */
async function phoneOf(
  browser: Browser,
  baseURL: string,
  courier: Client,
  at: Point | null,
  { clockAheadMs }: { clockAheadMs?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, storageState: await courier.ctx.storageState() });
  if (at) {
    await context.grantPermissions(["geolocation"], { origin: baseURL });
    await context.setGeolocation({ latitude: at.lat, longitude: at.lng });
  }
  const page = await context.newPage();
  if (clockAheadMs !== undefined) await page.clock.install({ time: Date.now() + clockAheadMs });
  await page.goto("/courier");
  return { context, page };
}

/** The courier's last position as the server has it (GET /api/courier), with when it was taken. */
const positionOf = async (courier: Client) =>
  ((await (await courier.get("/api/courier")).json()) as { courier: { position: { lat: number; lng: number; at: string } | null } }).courier.position;

/** The bell lists `title`: opened, looked at, closed with Escape (its list re-reads with each wake-up of the bell's stream). */
async function expectInBell(page: Page, title: string) {
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await page.getByTestId("notification-bell").click();
  await expect(panel.getByRole("link").filter({ hasText: title })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
}

async function goOnShift(page: Page) {
  await page.getByRole("button", { name: "Go on shift" }).click();
  await expect(page.getByRole("button", { name: "Go off shift" })).toBeVisible();
}

async function pageAs(browser: Browser, client: Client, baseURL: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, storageState: await client.ctx.storageState() });
  return context.newPage();
}

/** A restaurant at `spot` and a customer 2 km north of it, whose delivery order is placed (not yet accepted). */
async function placedDelivery(baseURL: string, spot: Point, dbFile?: DbFile, submit: Record<string, unknown> = standardWallet) {
  const owner = await signUpOwner(baseURL);
  await placeRestaurant(owner.restaurant.id, spot, dbFile);
  const customer = await signUpCustomer(baseURL, { name: "Tess Tracker" });
  await placeCustomer(customer.user.id, northOf(spot, 2), dbFile);
  const created = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 2 }] });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = ((await created.json()) as { id: number }).id;
  const submitted = await customer.client.put(`/api/orders/${orderId}/submit`, submit);
  expect(submitted.status(), await submitted.text()).toBe(200);
  return { owner, customer, orderId };
}

/** The offer card (named by the restaurant alone; a held job's card reads "To the restaurant: ..."). */
const offerCard = (page: Page, restaurant: string) => page.getByRole("region", { name: restaurant, exact: true });
const boardCard = (board: Page, orderId: number) => board.getByRole("listitem", { name: new RegExp(`^Order #${orderId} for`) });
const jobsOf = async (courier: Client) => ((await (await courier.get("/api/courier/jobs")).json()) as { jobs: Job[] }).jobs;

test("the courier app is for couriers: anonymous visitors sign in, others are told it is not for them", async ({ page, browser, baseURL }) => {
  await page.goto("/courier");
  await page.waitForURL(/\/login/);
  const customer = await signUpCustomer(baseURL!);
  const shopper = await pageAs(browser, customer.client, baseURL!);
  await shopper.goto("/courier");
  await expect(shopper.getByRole("heading", { level: 1, name: "This page is for couriers" })).toBeVisible();
  await expect(shopper.getByRole("button", { name: "Go on shift" })).toHaveCount(0);
  await shopper.context().close();
});

test("the demo: Dev (courier)'s login button, then the menu's Courier app link opens the app", async ({ browser, baseURL }) => {
  // Only logged in and looked at: Dev is never put on shift here, so no other test's job can reach Dev.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await demoLogin(page, 6);
  const menu = await openMenu(page);
  await menu.getByRole("link", { name: "Courier app" }).click();
  await page.waitForURL("**/courier");
  await expect(page.getByRole("heading", { level: 1, name: /Dev/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Go (on|off) shift/ })).toBeVisible();
  await expect(page.getByTestId("today-deliveries")).toHaveText(/^\d+$/);
  await shoot(page, "courier-demo-dev", [360, 1280]);
  await context.close();
});

test("order, accept, offer, accept, pickup, the customer watches the courier come, delivered, the courier's earnings", async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const spot = ownSpot();
  const courier = await newCourier(baseURL!, "Kofi Rider");
  // 200 m from the restaurant: near enough to mark arrived and picked up (within 250 m of a stop).
  const start = northOf(spot, 0.2);
  // Kofi will stand still there. His phone's clock runs 10 minutes fast:
  // his fixes go with their age, not that clock's date, so the server dates them by its
  // own clock and dispatch offers him jobs all the same; the phone's timers can be run forward.
  const { context: phone, page: app } = await phoneOf(browser, baseURL!, courier.client, start, { clockAheadMs: 600_000 });
  await expect(app.getByRole("heading", { level: 1, name: "Hi Kofi, you are off shift" })).toBeVisible();
  await goOnShift(app);
  await expect(app.getByText("You're on shift. Offers appear here.")).toBeVisible();
  // The first fix is reported at once.
  await expect.poll(async () => (await positionOf(courier.client))?.lat, { timeout: 15_000 }).toBeCloseTo(start.lat, 4);
  const firstFixAt = Date.parse((await positionOf(courier.client))!.at);
  expect(Math.abs(firstFixAt - Date.now()), "the fix dated by the server's clock, not the phone's").toBeLessThan(30_000);
  await expectAccessible(app, "courier app, on shift");
  await expectThumbSized(app);

  // Tess asked for it to be left at her door: the courier photographs it there.
  const { owner, customer, orderId } = await placedDelivery(baseURL!, spot, undefined, { ...standardWallet, dropoff: "leave_at_door" });
  const board = await pageAs(browser, owner.client, baseURL!);
  await board.goto(`/restaurants/${owner.restaurant.id}/orders`);
  const shopper = await pageAs(browser, customer.client, baseURL!, { width: 360, height: 780 });
  await shopper.goto(`/orders/${orderId}`);
  // 46 s of standing still on Kofi's phone, no new fix: the app reports the same point again as
  // taken now, and the server dates it now: his position stays under 2 minutes old for dispatch.
  await app.clock.fastForward(46_000);
  await expect.poll(async () => Date.parse((await positionOf(courier.client))!.at), { timeout: 10_000 }).toBeGreaterThan(firstFixAt);
  expect((await positionOf(courier.client))!.lat).toBeCloseTo(start.lat, 4);
  await acceptOrder(owner.client, owner.restaurant.id, orderId);

  // The offer, with its countdown; accepted.
  const offer = offerCard(app, owner.restaurant.name);
  await expect(offer).toContainText("New delivery offer", { timeout: 15_000 });
  // One clock: the badge and its words read the same seconds, whatever the phone's clock says.
  const countdown = offer.getByTestId("offer-countdown");
  await expect(countdown).toHaveText(/^0:\d\d\d+ seconds? left to accept$/);
  const [shown, said] = ((await countdown.textContent()) ?? "").match(/^0:(\d\d)(\d+) second/)!.slice(1);
  expect(Number(shown)).toBe(Number(said));
  await expect(offer).toContainText("200 m");
  // Of the drop-off, the offer shows the area and the trip only: the street comes with the accepted job.
  await expect(offer.getByTestId("offer-dropoff")).toHaveText("Then 2 km to Fairbanks, AK 99701");
  await expect(offer).not.toContainText("Birch Lane");
  await shoot(app, "courier-offer", [360, 1280]);
  await expectThumbSized(app);
  await offer.getByRole("button", { name: "Accept" }).click();
  await expect(app.getByRole("heading", { name: `To the restaurant: ${owner.restaurant.name}` })).toBeVisible();
  await expect(app.getByText(`Collect order #${orderId}: 2 items.`)).toBeVisible();
  // "Navigate" opens the stop's point in a maps app (Google Maps on a desktop browser: lib/shared/delivery/directions.ts).
  const navigate = app.getByRole("link", { name: `Navigate to ${owner.restaurant.address}`, exact: false });
  await expect(navigate).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
  const toRestaurant = await navigate.getAttribute("href");
  // Holding a job, the shift cannot end: the button says so before it is pressed, not with a 409.
  await expect(app.getByRole("button", { name: "Go off shift" })).toBeDisabled();
  await expect(app.getByRole("button", { name: "Go off shift" })).toHaveAccessibleDescription("Deliver or release your jobs before ending your shift.");
  await shoot(app, "courier-held-job", [390, 1280]);
  await expectThumbSized(app);
  // Holding a job, Kofi is offered no other (dispatch as a matching, docs/architecture/dispatch-matching.md:
  // a second job comes only with the first, as one trip), so no offer can push the job in hand down.
  // The customer sees who is coming, how far from the restaurant in minutes (not where: no marker
  // before pickup), the map, and hears of it in the bell; the owner sees the courier.
  await expect(shopper.getByRole("heading", { name: "Your courier: Kofi" })).toBeVisible();
  await expect(shopper.getByText("Kofi is 1 min from the restaurant.")).toBeVisible();
  await expect(shopper.getByRole("img", { name: /^Map: the restaurant and the drop-off, 2 km apart/ })).toBeVisible();
  await expect(shopper.getByTestId("courier-marker")).toHaveCount(0);
  await shoot(shopper, "order-courier-heading", [390, 1280]);
  await expectInBell(shopper, "Kofi is heading to the restaurant");
  await expect(boardCard(board, orderId)).toContainText(/Kofi (is heading to the restaurant|arrives in about \d+ min, \d+ m)/);
  await shoot(board, "owner-board-courier", [360, 1280]);

  // Messages: Tess writes to Kofi; it reaches Kofi's app live, counted on the
  // collapsed thread; Kofi's answer reaches Tess's page live. No phone number on either side.
  await shopper.getByRole("button", { name: /^Message Kofi/ }).click();
  await expect(shopper.getByText("Nosh keeps your number private", { exact: false })).toBeVisible();
  await shopper.getByRole("textbox", { name: "Message to Kofi" }).fill("Please ring the bell twice");
  await shopper.getByRole("textbox", { name: "Message to Kofi" }).press("Enter");
  const tessThread = shopper.getByRole("list", { name: "Messages" });
  await expect(tessThread.getByRole("listitem")).toHaveText([/^YouPlease ring the bell twice/]);
  await expect(app.getByTestId("unread-messages")).toHaveText("1 new");
  await app.getByRole("button", { name: /^Message Tess/ }).click();
  const kofiThread = app.getByRole("list", { name: "Messages" });
  await expect(kofiThread.getByRole("listitem")).toHaveText([/^TessPlease ring the bell twice/]);
  await app.getByRole("textbox", { name: "Message to Tess" }).fill("On my way!");
  await app.getByRole("button", { name: "Send" }).click();
  await expect(tessThread.getByRole("listitem")).toHaveText([/^YouPlease ring the bell twice/, /^KofiOn my way!/]);
  await expectAccessible(shopper, "order page, messages with the courier");
  await shoot(shopper, "order-messages", [390, 1280]);
  await shoot(app, "courier-messages", [390, 1280]);

  await app.getByRole("button", { name: "I'm at the restaurant" }).click();
  await expect(boardCard(board, orderId)).toContainText(/Kofi arrived \d/);
  // The kitchen has not marked it ready: Kofi sees its ready time, and "Picked up" asks whether the
  // kitchen handed it over. "Not yet" changes nothing; "Yes" takes it, and everyone is told it left early.
  await expect(app.getByTestId("kitchen-ready")).toHaveText(/^The kitchen expects it ready at \d{1,2}:\d\d [AP]M\.$/);
  await app.getByRole("button", { name: "Picked up" }).click();
  const handOver = app.getByRole("dialog", { name: "Did the kitchen hand it to you?" });
  await expect(handOver).toContainText(`Order #${orderId} is not marked ready yet: the kitchen expects it at`);
  // Checked once the dialog's pop-in has run (mid-animation, its colours are not yet its own).
  await handOver.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await expectAccessible(app, "courier app, asked whether the kitchen handed the order over");
  await shoot(app, "courier-handover-question", [390, 1280]);
  await handOver.getByRole("button", { name: "Not yet, I'll wait" }).click();
  await expect(handOver).toBeHidden();
  // Nothing moved; the answer stays beside the buttons.
  await expect(app.getByRole("alert").filter({ hasText: `Order #${orderId} is not marked ready yet` })).toBeVisible();
  expect(await jobsOf(courier.client)).toEqual([expect.objectContaining({ orderId, state: "at_pickup" })]);
  await app.getByRole("button", { name: "Picked up" }).click();
  await handOver.getByRole("button", { name: "Yes, the kitchen handed it to me" }).click();
  await expect(app.getByRole("heading", { name: "To the customer: Tess" })).toBeVisible();
  await expect(app.getByText("Nosh does not share phone numbers", { exact: false })).toBeVisible();
  // Now to the customer's pinned point, not the restaurant's.
  await expect(app.getByRole("link", { name: /^Navigate to / })).not.toHaveAttribute("href", toRestaurant!);
  // The courier owns "Out for delivery" and "Delivered": the board shows Kofi's state where those buttons were, and that he took it early.
  await expect(boardCard(board, orderId)).toContainText("Handed to Kofi early: picked up before it was marked ready");
  await expect(boardCard(board, orderId).getByRole("button", { name: /^(Out for delivery|Delivered)/ })).toHaveCount(0);
  await shoot(board, "owner-board-picked-up", [390, 1280]);
  await expectInBell(shopper, "Kofi picked up your order");
  const [job] = await jobsOf(courier.client);
  expect(job).toMatchObject({ orderId, state: "picked_up" });

  // Left at the door: "Delivered" needs the photo (the camera on a phone, a file picker elsewhere).
  const photoInput = app.getByLabel("Photo of the order at the door");
  await expect(photoInput).toHaveAttribute("capture", "environment");
  await expect(photoInput).toHaveAttribute("accept", "image/*");
  await app.getByRole("button", { name: "Delivered", exact: true }).click();
  await expect(app.getByText("Take a photo of the order at the door to mark it delivered")).toBeVisible();
  await photoInput.setInputFiles({ name: "door.jpg", mimeType: "image/jpeg", buffer: await doorPhoto() });
  await expect(app.getByRole("img", { name: "Your photo of the order at the door" })).toBeVisible();
  await expect(app.getByText("Take a photo of the order at the door to mark it delivered")).toHaveCount(0);
  await shoot(app, "courier-dropoff-photo", [390, 1280]);
  await expectThumbSized(app);

  // The courier moves: the customer's marker, distance and map text follow, without a reload.
  const marker = shopper.getByTestId("courier-marker");
  const map = shopper.getByRole("img", { name: /^Map: the restaurant and the drop-off/ });
  await expect(marker).toBeVisible();
  await expect(map).toHaveAccessibleName(/Kofi is 1\.8 km from the drop-off/);
  await expect(shopper.getByTestId("courier-distance")).toHaveText("1.8 km away");
  await expect(shopper.getByText(/^Arriving \d/)).toBeVisible();
  // Picked up straight from "accepted": "Ready" is shown as handed over early (not skipped, nor listed as still to come).
  await expect(shopper.getByRole("list", { name: "Order progress" }).getByRole("listitem")).toHaveText([
    /^Order placed/,
    /^Accepted by the restaurant/,
    /^Ready: handed to Kofi early, before the kitchen marked it ready/,
    /^Out for delivery/,
    /^Delivered/,
  ]);
  await shoot(shopper, "order-courier-on-the-way", [360, 1280]);
  const firstTransform = await marker.evaluate((node) => (node as SVGGElement).style.transform);
  // 200 m on: a bike's pace over the 5 s between two reports (faster than 200 km/h is dropped).
  const onTheWay = northOf(spot, 0.4);
  await expect(app.getByTestId("job-distance")).toHaveText(/· 1\.8 km away$/);
  await expect(app.getByRole("img", { name: /^Map: the restaurant and the drop-off/ })).toHaveAccessibleName(/you are 1\.8 km from the drop-off/);
  await phone.setGeolocation({ latitude: onTheWay.lat, longitude: onTheWay.lng });
  // Kofi's own screen follows his phone's position as it comes: the distance and the map's "You".
  await expect(app.getByTestId("job-distance")).toHaveText(/· 1\.6 km away$/);
  await expect(app.getByRole("img", { name: /^Map: the restaurant and the drop-off/ })).toHaveAccessibleName(/you are 1\.6 km from the drop-off/);
  await shoot(app, "courier-on-the-way", [390, 1280]);
  await expect(shopper.getByTestId("courier-distance")).toHaveText("1.6 km away", { timeout: 20_000 });
  await expect(map).toHaveAccessibleName(/Kofi is 1\.6 km from the drop-off/);
  expect(await marker.evaluate((node) => (node as SVGGElement).style.transform)).not.toBe(firstTransform);
  await expect(shopper.getByText(/^Arriving \d/)).toBeVisible();

  // "Delivered" 1.6 km from the door: refused, and the courier reads why beside the button.
  await app.getByRole("button", { name: "Delivered", exact: true }).click();
  const refusal = app.getByRole("alert").filter({ hasText: "You are 1.6 km from the drop-off: mark it delivered when you are there" });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole("button", { name: "Mark delivered anyway" })).toBeVisible();
  await expectAccessible(app, "courier app, a step refused away from its stop");
  await shoot(app, "courier-step-refused", [360]);
  await expectThumbSized(app);
  expect(await jobsOf(courier.client)).toEqual([expect.objectContaining({ orderId, state: "picked_up", flagged: false })]);
  // 600 m from the door a minute ago (the ride itself is not the point here), then at the door: the
  // food came within 500 m, and Tess hears "Kofi is arriving". Delivered, and paid at once.
  const door = northOf(spot, 2);
  await rideTo(courier.user.id, northOf(spot, 1.4), undefined, new Date(Date.now() - 60_000));
  await phone.setGeolocation({ latitude: door.lat, longitude: door.lng });
  await expectInBell(shopper, "Kofi is arriving");
  await app.getByRole("button", { name: "Delivered", exact: true }).click();
  await expect(app.getByTestId("today-deliveries")).toHaveText("1");
  await expect(app.getByTestId("today-earnings")).toHaveText(`$${job!.pay.toFixed(2)}`);
  await expect(app.getByText("You're on shift. Offers appear here.")).toBeVisible();
  await expect(app.getByTestId("courier-notice")).toHaveText(`Delivered. $${job!.pay.toFixed(2)} is in your earnings.`);
  await expect(app.getByRole("button", { name: "Go off shift" })).toBeEnabled();
  // Earnings: a readable day ("Thu, Nov 26") and times in the restaurant's city's zone (Los Angeles, the default).
  await app.getByRole("button", { name: "Show earnings" }).click();
  await expect(app.getByRole("list", { name: "Pay by day" }).getByRole("listitem")).toHaveText([/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2} · 1 delivery\$/]);
  const earnings = (await (await courier.client.get("/api/courier/earnings")).json()) as { timeZone: string; entries: { at: string; orderId: number }[] };
  expect(earnings.timeZone).toBe("America/Los_Angeles");
  const paidAt = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/Los_Angeles" }).format(
    new Date(earnings.entries.find((entry) => entry.orderId === orderId)!.at),
  );
  await expect(
    app
      .getByRole("list", { name: "Pay by delivery" })
      .getByRole("listitem")
      .filter({ hasText: `#${orderId} ` })
      .locator("time"),
  ).toHaveText(paidAt);
  await shoot(app, "courier-earnings", [390, 1280]);
  await expectThumbSized(app);
  await expect(shopper.getByRole("heading", { level: 2, name: /delivered/i })).toBeVisible();
  await expect(shopper.getByText("Delivered by Kofi")).toBeVisible();
  // Delivered: the thread stays readable and takes no more messages.
  await expect(shopper.getByText("This conversation closed when the order was delivered")).toBeVisible();
  await expect(shopper.getByRole("textbox", { name: "Message to Kofi" })).toHaveCount(0);
  await expect(tessThread.getByRole("listitem")).toHaveCount(2);
  await expect(boardCard(board, orderId)).toContainText("Delivered by Kofi");
  // The courier's photo, on the order's page live with the delivered event, no reload (and in the delivered notification), for Tess only.
  const photo = shopper.getByRole("img", { name: "The courier's photo of your order at your door" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await (await owner.client.get(`/api/orders/${orderId}/dropoff-photo`)).status()).toBe(404);
  await shoot(shopper, "order-dropoff-photo", [390, 1280]);
  // Tess rates Kofi on the page as it loads after delivery: a thumbs down asks why first.
  await shopper.reload();
  const rate = shopper.getByRole("region", { name: "How was your courier?" });
  // The reloaded page's after-load sections hydrate a moment after they show: a press before that
  // does nothing (seen once in CI), so press until it takes.
  const thumbsDown = rate.getByRole("button", { name: "Thumbs down" });
  await expect(async () => {
    await thumbsDown.click();
    await expect(thumbsDown).toHaveAttribute("aria-pressed", "true", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await rate.getByRole("button", { name: "Send rating" }).click();
  await expect(rate.getByText("Pick what went wrong")).toBeVisible();
  await rate.getByLabel("What went wrong?").selectOption("late");
  await rate.getByRole("button", { name: "Send rating" }).click();
  await expect(rate.getByTestId("courier-rating")).toHaveText("You gave a thumbs down: Late.");
  // The window is 24 hours: its end is tomorrow, so it names its day ("Nov 28, 1:54 PM"), not a bare time.
  await expect(rate.getByText(/^You can change it until [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M\.$/)).toBeVisible();
  await shoot(shopper, "order-rated", [390, 1280]);
  await expectAccessible(shopper, "order page, delivered");
  await Promise.all([phone.close(), board.context().close(), shopper.context().close()]);
});

test("a declined offer moves on to the next courier at once; a hand-it-to-me delivery asks once, with an undo", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const spot = ownSpot();
  const near = await newCourier(baseURL!, "Nia Near");
  const far = await newCourier(baseURL!, "Finn Far");
  const first = await phoneOf(browser, baseURL!, near.client, northOf(spot, 0.5), { clockAheadMs: 0 });
  const second = await phoneOf(browser, baseURL!, far.client, northOf(spot, 3));
  await goOnShift(first.page);
  await goOnShift(second.page);
  for (const courier of [near, far]) {
    await expect.poll(async () => (await (await courier.client.get("/api/courier")).json()).courier.position, { timeout: 15_000 }).not.toBeNull();
  }
  const { owner, orderId } = await placedDelivery(baseURL!, spot);
  await acceptOrder(owner.client, owner.restaurant.id, orderId);

  // Nia is nearer: offered first; declines; Finn is offered it at once (no tick needed).
  const restaurant = owner.restaurant.name;
  await expect(offerCard(first.page, restaurant)).toContainText("New delivery offer", { timeout: 15_000 });
  await expect(offerCard(second.page, restaurant)).toHaveCount(0);
  await offerCard(first.page, restaurant).getByRole("button", { name: "Decline" }).click();
  await expect(first.page.getByTestId("courier-notice")).toHaveText("Offer declined.");
  await expect(offerCard(second.page, restaurant)).toContainText("New delivery offer");
  await expect(offerCard(second.page, restaurant)).toContainText("3 km");
  await expect(first.page.getByText("You're on shift. Offers appear here.")).toBeVisible();
  expect(await jobsOf(near.client)).toEqual([]);
  await offerCard(second.page, restaurant).getByRole("button", { name: "Decline" }).click();
  await expect(second.page.getByText("You're on shift. Offers appear here.")).toBeVisible();
  // The owner gives Nia the job by hand: "Offer declined." makes way for the job's own notice.
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/assign`, { courierId: near.user.id })).status()).toBe(200);
  await expect(first.page.getByRole("heading", { name: `To the restaurant: ${restaurant}` })).toBeVisible();
  await expect(first.page.getByTestId("courier-notice")).toHaveText(`${restaurant} assigned you order #${orderId}: head there.`);

  // Tess asked for it handed to her: "Delivered" asks once, and can be undone for
  // a few seconds (the phone's clock held still meanwhile, so the test does not race the undo).
  // Nia is 500 m from the restaurant: each step there is marked anyway (an operator checks the delivery).
  const app = first.page;
  await app.getByRole("button", { name: "I'm at the restaurant" }).click();
  await app.getByRole("alert").getByRole("button", { name: "Mark arrived anyway" }).click();
  await expect(app.getByText(`Collect order #${orderId}: 2 items. You are at the restaurant.`)).toBeVisible();
  // The kitchen marks it ready after Nia's page read the job: her "Picked up" needs no question (the server decides).
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/stage`, { stage: "ready" })).status()).toBe(200);
  await app.getByRole("button", { name: "Picked up" }).click();
  await app.getByRole("alert").getByRole("button", { name: "Mark picked up anyway" }).click();
  await expect(app.getByRole("heading", { name: "To the customer: Tess" })).toBeVisible();
  await app.clock.pauseAt(Date.now() + 1_000);
  await app.getByRole("button", { name: "Delivered", exact: true }).click();
  const handed = app.getByRole("group", { name: "Handed to Tess?" });
  await expect(handed).toContainText("Handed to Tess? Marking it delivered in a few seconds.");
  await expectThumbSized(app);
  await shoot(app, "courier-handed-to", [390]);
  await handed.getByRole("button", { name: "Undo" }).click();
  await expect(handed).toHaveCount(0);
  await app.clock.runFor(10_000);
  expect(await jobsOf(near.client)).toEqual([expect.objectContaining({ orderId, state: "picked_up" })]);
  await app.getByRole("button", { name: "Delivered", exact: true }).click();
  await handed.getByRole("button", { name: "Yes, handed over" }).click();
  await app.clock.resume();
  // 1.5 km from the door: the server refuses, the courier marks it anyway (checked by an operator).
  await app.getByRole("alert").getByRole("button", { name: "Mark delivered anyway" }).click();
  await expect(app.getByTestId("courier-notice")).toHaveText("Marked. Nosh checks this delivery before paying you for it.");
  expect(await jobsOf(near.client)).toEqual([]);
  await Promise.all([first.context.close(), second.context.close()]);
});

test.describe("an offer nobody answers", () => {
  // A server of its own (E2E_PORT + 6, e2e/README.md) whose offers last 5 s, where the shared
  // servers' last the default 30 s.
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startDispatchServer("offer-timeout", 6, 5);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("runs out on the courier's screen and moves on to the next courier", async ({ browser }) => {
    test.setTimeout(90_000);
    const spot = ownSpot();
    const near = await newCourier(server.url, "Nia Near", server.dbFile);
    const far = await newCourier(server.url, "Finn Far", server.dbFile);
    const phone = await phoneOf(browser, server.url, near.client, northOf(spot, 0.5));
    await goOnShift(phone.page);
    expect((await far.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
    expect((await far.client.post("/api/courier/position", northOf(spot, 3))).status()).toBe(200);
    await expect.poll(async () => (await (await near.client.get("/api/courier")).json()).courier.position, { timeout: 15_000 }).not.toBeNull();

    const { owner, customer, orderId } = await placedDelivery(server.url, spot, server.dbFile);
    await acceptOrder(owner.client, owner.restaurant.id, orderId);
    const offer = offerCard(phone.page, owner.restaurant.name);
    await expect(offer).toContainText("New delivery offer", { timeout: 15_000 });
    await expect(offer).toContainText(/0:0\d/);
    // Nia does not answer: the offer runs out, leaves Nia's screen and goes to Finn.
    await expect(offer).toHaveCount(0, { timeout: 20_000 });
    await expect(phone.page.getByText("You're on shift. Offers appear here.")).toBeVisible();
    await expect(phone.page.getByTestId("courier-notice")).toHaveText("Offer expired.");
    await expect.poll(async () => (await jobsOf(far.client)).map((job) => [job.orderId, job.state]), { timeout: 15_000 }).toEqual([[orderId, "offered"]]);
    expect(await jobsOf(near.client)).toEqual([]);
    // Finn takes it.
    const [job] = await jobsOf(far.client);
    expect((await far.client.post(`/api/courier/jobs/${job!.id}/accept`)).status()).toBe(200);
    const order = await (await customer.client.get(`/api/orders/${orderId}`)).json();
    expect(order).toMatchObject({ courier: { firstName: "Finn" }, delivery: { state: "assigned" } });
    await phone.context.close();
  });
});

test("no fix, then location refused: the courier is told their position is too old for offers, then how to allow location", async ({ browser, baseURL }) => {
  const courier = await newCourier(baseURL!, "Lou Located");
  // Location allowed, but no fix comes (indoors, say); the phone's timers are ours to run forward.
  const { context, page } = await phoneOf(browser, baseURL!, courier.client, null, { clockAheadMs: 0 });
  await context.grantPermissions(["geolocation"], { origin: baseURL });
  await goOnShift(page);
  await expect(page.getByText("Finding your location…")).toBeVisible();
  // Two minutes on shift without a position the server took: no offer can reach Lou, and the app says so.
  await page.clock.fastForward(130_000);
  await expect(
    page.getByRole("status").filter({ hasText: "Your position is more than 2 minutes old, so no offers reach you. Keep Nosh open in front with location on" }),
  ).toBeVisible();
  await expectAccessible(page, "courier app, position too old for offers");
  await shoot(page, "courier-position-stale", [390, 1280]);
  await page.getByRole("button", { name: "Go off shift" }).click();
  await expect(page.getByRole("button", { name: "Go on shift" })).toBeVisible();

  // Location refused.
  await context.clearPermissions();
  await goOnShift(page);
  await expect(page.getByRole("alert").filter({ hasText: "Location is off: Nosh needs your location to offer you deliveries." })).toBeVisible();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await page.getByRole("button", { name: "Go off shift" }).click();
  await expect(page.getByRole("button", { name: "Go on shift" })).toBeVisible();
  await context.close();
});
