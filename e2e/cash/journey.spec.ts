import { expect, test, type Browser, type Page } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier, northOf, offersOf, ownSpot, placeCustomer, placeRestaurant, rideTo } from "../support/couriers";
import { acceptOrder } from "../support/orders";
import { signUpOperator } from "../support/operator";
import { signUpOwner } from "../support/owner";
import { alertWith, shoot } from "../support/pages";

// Cash at the door at 390 px (docs/architecture/ledger.md "Cash at the door"), in a market of its own (MXN, cash on): the
// customer chooses cash at checkout with the bill (one below the total refused beside the field),
// the courier's app shows what to collect and the change, "Cash collected" before "Delivered"; the
// courier then owes the total (their cash account) and earned the delivery's pay; over the market's
// cash limit they are offered no cash order, while a card order still reaches them; the operator
// sees the cash they hold and records its deposit.

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
type Job = { id: number; orderId: number; state: string; pay: number; cash?: { amount: number; change: number; collected: boolean } };

async function phone(browser: Browser, baseURL: string, client: Client, at?: { lat: number; lng: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, storageState: await client.ctx.storageState() });
  if (at) {
    await context.grantPermissions(["geolocation"], { origin: baseURL });
    await context.setGeolocation({ latitude: at.lat, longitude: at.lng });
  }
  return context.newPage();
}

const jobsOf = async (courier: Client) => ((await (await courier.get("/api/courier/jobs")).json()) as { jobs: Job[] }).jobs;

test("a cash order at 390 px: placed with a bill, collected at the door, the courier's cash and pay right, the cash limit enforced, the deposit recorded", async ({
  browser,
  baseURL,
}) => {
  const spot = ownSpot();
  const door = northOf(spot, 2);
  const nia = await signUpOperator(baseURL!);
  const opened = await nia.client.post("/api/admin/markets", {
    code: `cash-${Date.now().toString(36)}`,
    name: "Cash City",
    currency: "MXN",
    timeZone: "America/Mexico_City",
    languages: ["es", "en"],
  });
  expect(opened.status()).toBe(201);
  const { market } = (await opened.json()) as { market: { id: number } };
  // Cash on, a limit of MX$1: one order collected puts a courier over it.
  expect((await nia.client.put(`/api/admin/markets/${market.id}/cash`, { enabled: true, limit: 1 })).status()).toBe(200);
  const owner = await signUpOwner(baseURL!);
  await placeRestaurant(owner.restaurant.id, spot);
  expect((await nia.client.put(`/api/admin/restaurants/${owner.restaurant.id}/market`, { marketId: market.id })).status()).toBe(200);
  const courier = await signUpCustomer(baseURL!, { name: "Carla Cash" });
  await makeCourier(courier.user.id);
  expect((await courier.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  await rideTo(courier.user.id, spot);
  const customer = await signUpCustomer(baseURL!, { name: "Tess Cash" });
  await placeCustomer(customer.user.id, door);

  const shopper = await phone(browser, baseURL!, customer.client);
  let orderId = 0;
  let totalCents = 0;
  await test.step("checkout offers cash; a bill below the total is refused beside its field; 500 pays with change", async () => {
    await shopper.goto(`/restaurants/${owner.restaurant.id}`);
    await shopper.getByRole("button", { name: `Add ${owner.item.name} to cart` }).click();
    await shopper.getByRole("button", { name: /^Open cart/ }).click();
    await shopper.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
    await shopper.waitForURL("**/checkout");
    await shopper.getByRole("radio", { name: /Cash at the door/ }).check();
    const bill = shopper.getByLabel("Paying with a bill of");
    await bill.fill("1");
    await shopper.getByRole("button", { name: "Place order" }).click();
    await expect(bill).toHaveAttribute("aria-invalid", "true");
    await expect(shopper.getByText(/^The bill must be at least the total, MX\$/)).toBeVisible();
    await bill.fill("500");
    await expect(shopper.getByText(/^Your change: MX\$/)).toBeVisible();
    await shoot(shopper, "checkout-cash", [390, 768, 1280]);
    await shopper.getByRole("button", { name: "Place order" }).click();
    await expect(alertWith(shopper, "Your food will arrive soon!")).toBeVisible();
    const { orders } = (await (await customer.client.get("/api/orders")).json()) as { orders: { id: number; totalCost: number; paymentMethod: string }[] };
    expect(orders[0]).toMatchObject({ paymentMethod: "cash" });
    orderId = orders[0]!.id;
    totalCents = Math.round(orders[0]!.totalCost * 100);
  });

  let job: Job | undefined;
  await test.step("accepted, offered to the courier, picked up", async () => {
    await acceptOrder(owner.client, owner.restaurant.id, orderId);
    await expect.poll(async () => (job = (await jobsOf(courier.client)).find((j) => j.orderId === orderId))?.state, { timeout: 20_000 }).toBe("offered");
    for (const step of ["accept", "arrived"]) expect((await courier.client.post(`/api/courier/jobs/${job!.id}/${step}`)).status()).toBe(200);
    expect((await courier.client.post(`/api/courier/jobs/${job!.id}/picked-up`, { handedOver: true })).status()).toBe(200);
    await rideTo(courier.user.id, door);
  });

  await test.step("the courier's app: the cash to collect and the change, collected, then delivered", async () => {
    const app = await phone(browser, baseURL!, courier.client, door);
    await app.goto("/courier");
    await expect(app.getByTestId("cash-to-collect")).toHaveText(`Collect MX$${(totalCents / 100).toFixed(2)} in cash`);
    await expect(app.getByText(`They pay with MX$500.00: give MX$${((50_000 - totalCents) / 100).toFixed(2)} change`)).toBeVisible();
    await expect(app.getByRole("button", { name: "Delivered", exact: true })).toHaveCount(0);
    await shoot(app, "courier-cash", [390, 768, 1280]);
    await app.getByRole("button", { name: "Cash collected" }).click();
    await app.getByRole("button", { name: "Delivered", exact: true }).click();
    await app.getByRole("button", { name: "Yes, handed over" }).click();
    await expect(app.getByText(/^Delivered\. .+ is in your earnings\.$/)).toBeVisible();
    const earnings = (await (await courier.client.get("/api/courier/earnings")).json()) as { currencies: { currency: string; pending: number; cashOwed?: number }[] };
    const mxn = earnings.currencies.find((c) => c.currency === "MXN")!;
    expect(mxn.cashOwed).toBe(totalCents / 100);
    expect(mxn.pending).toBe(job!.pay);
    await app.context().close();
  });

  await test.step("over the limit: the courier is offered no cash order, a card order still", async () => {
    const place = async (submit: Record<string, unknown>) => {
      const created = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
      const id = ((await created.json()) as { id: number }).id;
      expect((await customer.client.put(`/api/orders/${id}/submit`, { deliveryOption: "standard", tipPercent: 15, currency: "MXN", ...submit })).status()).toBe(200);
      await acceptOrder(owner.client, owner.restaurant.id, id);
      return id;
    };
    await rideTo(courier.user.id, spot);
    const cashOrder = await place({ paymentMethod: "cash", cashBill: 500 });
    const cardOrder = await place({ paymentMethod: "card" });
    await expect.poll(async () => (await jobsOf(courier.client)).find((j) => j.orderId === cardOrder)?.state, { timeout: 20_000 }).toBe("offered");
    expect((await offersOf(cashOrder)).map((offer) => offer.courierId)).not.toContain(courier.user.id);
  });

  await test.step("the operator sees the cash the courier holds and records its deposit", async () => {
    const console = await phone(browser, baseURL!, nia.client);
    await console.goto("/admin/cash");
    await expect(console.getByTestId(`cash-owed-${courier.user.id}`)).toHaveText(`MX$${(totalCents / 100).toFixed(2)}`);
    await shoot(console, "admin-cash", [390, 768, 1280]);
    const form = console.getByRole("form", { name: "Deposit from Carla" });
    await form.getByLabel("Reference").fill("BANK-42");
    await form.getByRole("button", { name: "Record deposit" }).click();
    await expect(console.getByTestId(`cash-owed-${courier.user.id}`)).toHaveCount(0);
    const earnings = (await (await courier.client.get("/api/courier/earnings")).json()) as { currencies: { currency: string; cashOwed?: number }[] };
    expect(earnings.currencies.find((c) => c.currency === "MXN")!.cashOwed).toBeUndefined();
  });
});
