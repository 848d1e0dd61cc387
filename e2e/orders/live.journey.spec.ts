import { expect, test, type Browser, type Page } from "@playwright/test";
import { signUpCustomer, type Client } from "../support/api";
import { createOrder, standardWallet } from "../support/orders";
import { createItem, createRestaurant, signUpOwner } from "../support/owner";
import { alertWith, expectAccessible, expectThumbSized, overlaps, shoot } from "../support/pages";
import { startExpiryServer, type Server } from "../support/server";

// The live order lifecycle on screen (docs/architecture/order-stages.md, "Order stages"): the restaurant's order board and the
// customer's order page, each in its own browser context (separate sessions), updated by their
// event streams without a reload. The customer's pages are served by the second server process
// of the e2e setup and the owner's by the first, so every step crosses processes.

test.describe.configure({ timeout: 150_000 });

type Order = { id: number; totalCost: number };

async function place(customer: Client, restaurantId: number): Promise<Order> {
  const order = await createOrder(customer, restaurantId, 2);
  const submitted = await customer.put(`/api/orders/${order.id}/submit`, standardWallet);
  expect(submitted.status(), await submitted.text()).toBe(200);
  return submitted.json();
}

/** A browser context signed in as the API client's user, on `baseURL`. */
async function pageAs(browser: Browser, client: Client, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await client.ctx.storageState() });
  return context.newPage();
}

const column = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title} \\d+$`) });
const card = (page: Page, title: string, id: number) => column(page, title).getByRole("listitem", { name: new RegExp(`^Order #${id} for`) });
const status = (page: Page) => page.getByRole("region", { name: /^Your (food|order)/ });
const progress = (page: Page) => page.getByRole("list", { name: "Order progress" });
const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** At phone width the page does not scroll sideways, nor (`strips`) anything inside it: the board's columns stack; a failure names what sticks out. */
async function expectNoSidewaysScroll(page: Page, { strips = false } = {}) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > client + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)})`);
    const strips = [...document.querySelectorAll("main *")]
      .filter((element) => /auto|scroll/.test(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scroll: document.documentElement.scrollWidth, client, out: out.slice(0, 8).join(", "), strips };
  });
  expect(widths.scroll, `the page's scroll width at 390 px; beyond it: ${widths.out}`).toBeLessThanOrEqual(widths.client);
  if (strips) expect(widths.strips, "what scrolls sideways inside the page at 390 px").toEqual([]);
  await page.setViewportSize(size);
}

/** The owner's board on `baseURL`, the customer's pages on `shopperURL` (the second server process unless said). */
async function setUp(browser: Browser, baseURL: string, shopperURL = process.env.E2E_SECOND_URL!) {
  const owner = await signUpOwner(baseURL);
  const customer = await signUpCustomer(baseURL, { name: "Hal Hungry" });
  const board = await pageAs(browser, owner.client, baseURL);
  await board.goto(`/restaurants/${owner.restaurant.id}/orders`);
  await expect(board.getByRole("heading", { level: 1, name: "Order board" })).toBeVisible();
  const shopper = await pageAs(browser, customer.client, shopperURL);
  return { owner, customer, board, shopper };
}

test("a new order appears on the board without reload; each step reaches the customer's page and a toast, across the two server processes", async ({
  browser,
  baseURL,
}) => {
  const { owner, customer, board, shopper } = await setUp(browser, baseURL!);
  await expect(column(board, "New")).toContainText("New orders appear here as they come in.");
  // One event stream per page (the manage page held one per restaurant beside the
  // bell's and the orders', and the board in a second tab found no connection left): the manage
  // page beside the board, each counted by its EventSource requests, and a new order at the fifth
  // restaurant listed (newest first: the first of five more) turns its "n new" count live.
  const fifth = await createRestaurant(owner.client, { name: `Fifth Kitchen ${Date.now()}` });
  await createItem(owner.client, fifth.id);
  for (let i = 0; i < 4; i++) await createRestaurant(owner.client, { name: `Kitchen ${i} ${Date.now()}` });
  const manage = await board.context().newPage();
  const streams = new Map<Page, string[]>([
    [board, []],
    [manage, []],
  ]);
  for (const [page, urls] of streams) page.on("request", (request) => void (request.resourceType() === "eventsource" && urls.push(request.url())));
  await board.reload();
  await manage.goto("/restaurants/manage");
  const cards = manage.getByRole("list", { name: "Your restaurants" }).getByRole("listitem");
  await expect(cards).toHaveCount(6);
  await expect(cards.nth(4)).toContainText(fifth.name);
  await expect.poll(() => streams.get(manage)!.length).toBe(1);
  const other = await signUpCustomer(baseURL!);
  await place(other.client, fifth.id);
  await expect(cards.nth(4).getByRole("link", { name: `Orders ${fifth.name} 1 new` })).toBeVisible();
  await expect.poll(() => streams.get(board)!.length).toBe(1);
  expect(streams.get(board)).toEqual([expect.stringMatching(/\/api\/events$/)]);
  expect(streams.get(manage)).toEqual([expect.stringMatching(/\/api\/events$/)]);
  await manage.close();
  // The board's settings for this device: the sound is asked for once (the tap a
  // browser needs before a page may play sound), then it is a switch, remembered; a chime counts
  // in data-chimes. The screen is kept on with the Screen Wake Lock API (the headless browser
  // grants it only when told).
  const tools = board.locator("[data-chimes]");
  await board.getByRole("button", { name: "Turn on sound" }).click();
  await expect(board.getByRole("checkbox", { name: "Sound for new orders" })).toBeChecked();
  await expect(tools).toHaveAttribute("data-chimes", "1");
  expect(await board.evaluate(() => localStorage.getItem("orderBoardSound"))).toBe("on");
  await board.context().grantPermissions(["screen-wake-lock"]);
  await board.getByRole("checkbox", { name: "Keep the screen on" }).check();
  await expect(tools.getByRole("status")).toHaveText("The screen stays on while the board is open.");
  expect(await board.evaluate(() => localStorage.getItem("orderBoardWakeLock"))).toBe("on");
  await shopper.goto("/home");

  // The customer saved an allergy: the kitchen's card says so above the lines, whatever the dishes declare.
  expect((await customer.client.put(`/api/users/${customer.user.id}`, { avoidAllergens: ["peanuts"] })).status()).toBe(200);
  const order = await place(customer.client, owner.restaurant.id);
  // The owner's board, without a reload: the card (highlighted as new), the counts, the tab title.
  await expect(card(board, "New", order.id)).toContainText("2 × House Burger");
  await expect(card(board, "New", order.id).getByTestId("board-allergy")).toHaveText("ALLERGY: peanuts");
  await expect(card(board, "New", order.id)).toContainText("New");
  await expect(column(board, "New")).toHaveAccessibleName("New 1");
  await expect(board).toHaveTitle(/^\(1\) /);
  await expect(tools).toHaveAttribute("data-chimes", "2");
  await expectAccessible(board, "order board");
  // The customer's banner on another page, without a reload, links to the order.
  const banner = shopper.getByRole("region", { name: "Your open orders" });
  await expect(banner).toContainText(`Order #${order.id}`);
  await expect(banner).toContainText("Waiting for the restaurant to confirm");
  await banner.getByRole("link", { name: `Track order #${order.id}` }).click();
  await shopper.waitForURL(`**/orders/${order.id}`);
  await expect(status(shopper).getByRole("heading", { name: "Your order is placed" })).toBeVisible();
  await expect(progress(shopper).getByRole("listitem")).toHaveCount(5);
  await expect(progress(shopper).getByRole("listitem").first()).toContainText("Order placed");
  await expect(shopper.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await expectAccessible(shopper, "live order page");

  // Accept: a custom estimate out of range is refused beside its field, then 25 minutes.
  await card(board, "New", order.id)
    .getByRole("button", { name: `Accept order ${order.id}` })
    .click();
  const accept = board.getByRole("dialog", { name: `Accept order #${order.id}` });
  await accept.getByRole("radio", { name: "Other" }).check();
  await accept.getByLabel("Minutes (5-90)").fill("3");
  await expect(accept.getByText("Preparation time must be a whole number of minutes from 5 to 90")).toBeVisible();
  await expect(accept.getByRole("button", { name: "Accept order" })).toBeDisabled();
  await expectAccessible(board, "accept dialog with an error");
  await accept.getByLabel("Minutes (5-90)").fill("25");
  await accept.getByRole("button", { name: "Accept order" }).click();
  await expect(card(board, "Preparing", order.id)).toContainText("(25 min)");
  await expect(board).not.toHaveTitle(/^\(\d+\) /);
  await place(customer.client, owner.restaurant.id);
  await expect(column(board, "New")).toHaveAccessibleName("New 1");

  await expect(alertWith(shopper, `Order #${order.id} was accepted and is being prepared`)).toBeVisible();
  await expect(status(shopper).getByRole("heading", { name: "Your order is being prepared" })).toBeVisible();
  await expect(progress(shopper)).toContainText("Accepted by the restaurant");
  await expect(status(shopper)).toContainText("Estimated arrival");
  // After acceptance the customer can no longer cancel: the button is gone.
  await expect(shopper.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

  // The kitchen needs longer: +5 on the card moves its ready time, and the
  // customer's arrival window moves by as much, live (the one estimate, lib/shared/delivery/arrival.ts).
  const arrival = status(shopper).getByText("Estimated arrival").locator("..");
  const window = async () => ((await arrival.textContent()) ?? "").match(/(\d+:\d\d [AP]M) – (\d+:\d\d [AP]M)/)!.slice(1);
  const before = await window();
  const plusFive = (time: string) => {
    const [, h, mm, half] = time.match(/(\d+):(\d\d) ([AP]M)/)!;
    const minutes = ((Number(h) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(mm) + 5;
    const hour = Math.floor(minutes / 60) % 24;
    return `${hour % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${hour >= 12 ? "PM" : "AM"}`;
  };
  // On a phone: every control of the board is a thumb's size, the ticket's link
  // too, and the step's toast (one at a time) covers neither the button pressed nor the card's next step.
  const desk = board.viewportSize()!;
  await board.setViewportSize({ width: 390, height: 844 });
  await expectThumbSized(board, 'a[href*="/tickets/"]');
  const plusFiveButton = card(board, "Preparing", order.id).getByRole("button", { name: `+5 min for order ${order.id}` });
  await plusFiveButton.click();
  await expect(card(board, "Preparing", order.id)).toContainText("(30 min)");
  const toast = alertWith(board, `Order #${order.id}: 5 more minutes`);
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  const markReady = card(board, "Preparing", order.id).getByRole("button", { name: `Mark ready order ${order.id}` });
  for (const control of [plusFiveButton, markReady]) expect(overlaps(toastBox, (await control.boundingBox())!), "the toast covers a control").toBe(false);
  // Next's route announcer is an alert too: the toasts are those of the Notifications region.
  expect(await board.locator('section[aria-label="Notifications"] [role="alert"]').count()).toBe(1);
  await board.setViewportSize(desk);
  await expect(arrival).toContainText(`${plusFive(before[0]!)} – ${plusFive(before[1]!)}`);
  await expectNoSidewaysScroll(board, { strips: true });
  await expectNoSidewaysScroll(shopper);
  await shoot(board, "board");
  await shoot(shopper, "order-page");

  // The order's kitchen ticket opens in a tab of its own, ready to print: on paper only the ticket.
  const [ticket] = await Promise.all([
    board.context().waitForEvent("page"),
    card(board, "Preparing", order.id)
      .getByRole("link", { name: `Print ticket order ${order.id}` })
      .click(),
  ]);
  await expect(ticket.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
  await expect(ticket.getByTestId("ticket-allergy")).toHaveText("ALLERGY: peanuts");
  await expect(ticket.getByRole("list", { name: "Items" })).toContainText("2 × House Burger");
  await expect(ticket.getByText("For Hal", { exact: true })).toBeVisible();
  await expect(ticket.getByRole("button", { name: "Print ticket" })).toBeEnabled();
  await expectAccessible(ticket, "kitchen ticket");
  await shoot(ticket, "kitchen-ticket");
  await ticket.emulateMedia({ media: "print" });
  await expect(ticket.getByRole("banner")).toBeHidden();
  await expect(ticket.getByRole("button", { name: "Print ticket" })).toBeHidden();
  await expect(ticket.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
  await shoot(ticket, "kitchen-ticket-print");
  await ticket.close();

  // A second tab of the customer follows too.
  const second = await shopper.context().newPage();
  await second.goto(`/orders/${order.id}`);
  await expect(status(second).getByRole("heading", { name: "Your order is being prepared" })).toBeVisible();

  await card(board, "Preparing", order.id)
    .getByRole("button", { name: `Mark ready order ${order.id}` })
    .click();
  await expect(card(board, "Ready", order.id)).toBeVisible();
  await expect(alertWith(shopper, `Order #${order.id} is ready`)).toBeVisible();
  await expect(status(shopper).getByRole("heading", { name: "Your order is ready" })).toBeVisible();
  await expect(status(second).getByRole("heading", { name: "Your order is ready" })).toBeVisible();

  await card(board, "Ready", order.id)
    .getByRole("button", { name: `Out for delivery order ${order.id}` })
    .click();
  await expect(card(board, "Out for delivery", order.id)).toBeVisible();
  await expect(alertWith(shopper, `Order #${order.id} is out for delivery`)).toBeVisible();
  await expect(status(shopper).getByRole("heading", { name: "Your food is on its way" })).toBeVisible();

  await card(board, "Out for delivery", order.id)
    .getByRole("button", { name: `Delivered order ${order.id}` })
    .click();
  await expect(card(board, "Done today", order.id)).toContainText("Delivered");
  await expect(alertWith(shopper, `Order #${order.id} was delivered`)).toBeVisible();
  await expect(status(shopper).getByRole("heading", { name: "Your order was delivered" })).toBeVisible();
  await expect(progress(shopper).getByRole("listitem")).toHaveText([/Order placed/, /Accepted by the restaurant/, /Ready/, /Out for delivery/, /Delivered/]);
  // The banner keeps only orders still under way (the second one, or none once it expired).
  await expect(shopper.getByRole("region", { name: "Your open orders" }).getByText(`Order #${order.id}`)).toHaveCount(0);
  await expect(status(second).getByRole("heading", { name: "Your order was delivered" })).toBeVisible();
});

test("the customer cancels before acceptance and is refunded; a rejection shows the restaurant's reason and the refund", async ({ browser, baseURL }) => {
  const { owner, customer, board, shopper } = await setUp(browser, baseURL!);
  const first = await place(customer.client, owner.restaurant.id);
  await shopper.goto(`/orders/${first.id}`);
  await shopper.getByRole("button", { name: "Cancel order" }).click();
  await shopper.getByRole("dialog", { name: "Cancel this order?" }).getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(status(shopper).getByRole("heading", { name: "Your order was canceled" })).toBeVisible();
  await expect(status(shopper)).toContainText(`${money(first.totalCost)} refunded to your wallet`);
  await expect(shopper.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(card(board, "Done today", first.id)).toContainText("Canceled by the customer");

  const second = await place(customer.client, owner.restaurant.id);
  // An order at checkout holding the dish the kitchen is about to run out of, with another dish.
  const salad = await createItem(owner.client, owner.restaurant.id, { name: "Garden Salad" });
  const held = await createOrder(customer.client, {
    restaurantId: owner.restaurant.id,
    items: [
      { menu_item_id: owner.item.id, quantity: 1 },
      { menu_item_id: salad.id, quantity: 1 },
    ],
  });
  await shopper.goto(`/orders/${second.id}`);
  await expect(status(shopper).getByRole("heading", { name: "Your order is placed" })).toBeVisible();
  await card(board, "New", second.id)
    .getByRole("button", { name: `Reject order ${second.id}` })
    .click();
  const reject = board.getByRole("dialog", { name: `Reject order #${second.id}?` });
  await reject.getByRole("button", { name: "Reject order" }).click();
  await expect(reject.getByText("Choose a reason")).toBeVisible();
  await reject.getByRole("radio", { name: "Out of stock" }).check();
  await reject.getByLabel("Note for the customer (optional)").fill("no burgers left today");
  // Out of stock offers marking the order's dishes sold out until the next opening (docs/architecture/kitchen.md).
  await reject.getByRole("checkbox", { name: `${owner.item.name} sold out` }).check();
  await expectAccessible(board, "reject dialog");
  await shoot(board, "kitchen-reject-sold-out");
  await reject.getByRole("button", { name: "Reject order" }).click();
  await expect(card(board, "Done today", second.id)).toContainText("Rejected");

  await expect(alertWith(shopper, `Order #${second.id} was declined by the restaurant`)).toBeVisible();
  await expect(status(shopper).getByRole("heading", { name: "Your order was declined" })).toBeVisible();
  await expect(status(shopper)).toContainText("Out of stock: no burgers left today");
  await expect(status(shopper)).toContainText(`${money(second.totalCost)} refunded to your wallet`);
  await expect(progress(shopper).getByRole("listitem")).toHaveText([/Order placed/, /Declined by the restaurant/]);
  await shoot(shopper, "order-page-rejected");
  expect((await (await customer.client.get("/api/auth/")).json()).wallet).toBe(999.99);

  // The dish is greyed on the restaurant page at once, and the order at checkout holding it says so, with a way out.
  await shopper.goto(`/restaurants/${owner.restaurant.id}`);
  await expect(shopper.locator("article[data-sold-out]")).toHaveCount(1);
  await expect(shopper.locator("article[data-sold-out]")).toContainText(owner.item.name);
  await expect(shopper.locator("article[data-sold-out]")).toContainText("Sold out today");
  await shopper.evaluate((order) => {
    localStorage.setItem("currentOrder", JSON.stringify(order));
    document.cookie = `nosh_checkout=${order.id}; path=/; samesite=lax`;
  }, held);
  await shopper.goto("/checkout");
  const soldOut = shopper.getByRole("alert").filter({ hasText: `${owner.item.name} is sold out today. Remove it to continue.` });
  await expect(soldOut).toBeVisible();
  await shoot(shopper, "kitchen-checkout-sold-out");
  await soldOut.getByRole("button", { name: `Remove ${owner.item.name}` }).click();
  await expect(soldOut).toHaveCount(0);

  // The owner pauses new orders: the board, the restaurant page and checkout say until when.
  await board.getByRole("group", { name: "Pause new orders" }).getByRole("button", { name: "15 min" }).click();
  await expect(board.getByRole("status").filter({ hasText: /^Not taking orders until \d{1,2}:\d{2} (AM|PM)$/ })).toBeVisible();
  await shoot(board, "kitchen-controls-paused");
  await shopper.goto(`/restaurants/${owner.restaurant.id}`);
  await expect(shopper.getByText(/^Not taking orders until \d{1,2}:\d{2} (AM|PM)$/).first()).toBeVisible();
  // The one estimate counts the minutes to its reopening, and says why.
  await expect(shopper.getByText(/^Opens again at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  await shoot(shopper, "kitchen-restaurant-paused");
  await shopper.goto("/checkout");
  await expect(shopper.getByText(new RegExp(`${owner.restaurant.name} is not taking orders until .* You can schedule an order for later\\.`))).toBeVisible();
  await expect(shopper.getByText(/^\d+-\d+ min · Opens again at \d{1,2}:\d{2} (AM|PM)$/).first()).toBeVisible();
  await shoot(shopper, "kitchen-checkout-paused");
});

test("a card waiting over 5 minutes for the restaurant turns amber", async ({ browser, baseURL }) => {
  const { owner, customer, board } = await setUp(browser, baseURL!);
  // The owner's browser runs 6 minutes ahead (its own clock): the card waits "too long".
  await board.clock.install();
  await board.reload();
  const order = await place(customer.client, owner.restaurant.id);
  await expect(card(board, "New", order.id)).not.toContainText("waiting");
  await board.clock.fastForward("06:00");
  await expect(card(board, "New", order.id)).toContainText("waiting");
  await shoot(board, "board-amber");
});

test.describe("the accept timeout", () => {
  // Its own server (e2e/support/server.ts startExpiryServer): orders expire 12 s after they are
  // placed, time enough for the customer's page to open its event stream first.
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startExpiryServer("browser", 5, 12);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("an order nobody accepts expires on both screens with a refund", async ({ browser }) => {
    const { owner, customer, board, shopper } = await setUp(browser, server.url, server.url);
    const order = await place(customer.client, owner.restaurant.id);
    await shopper.goto(`/orders/${order.id}`);
    await expect(status(shopper).getByRole("heading", { name: "Your order is placed" })).toBeVisible();
    await expect(card(board, "New", order.id)).toBeVisible();
    // The server's accept timeout passes; its sweep expires the order and both streams say so.
    await expect(status(shopper).getByRole("heading", { name: "Your order was not confirmed" })).toBeVisible({ timeout: 60_000 });
    await expect(status(shopper)).toContainText("The restaurant did not confirm your order");
    await expect(status(shopper)).toContainText(`${money(order.totalCost)} refunded to your wallet`);
    await expect(alertWith(shopper, `Order #${order.id} was canceled: the restaurant did not confirm it`)).toBeVisible();
    await board.reload();
    await expect(card(board, "Done today", order.id)).toContainText("Expired");
  });
});
