import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { ageDelivery, makeCourier } from "../support/couriers";
import { verifyEmailOf } from "../support/mailbox";
import { placeOrder, standardCard, standardWallet } from "../support/orders";

// The restaurant's money over HTTP (docs/architecture/ledger.md): a delivered order's split shows
// on GET /api/manage/{id}/payouts (gross, commission, discount, net), a paid order not yet
// delivered is pending, and so is a delivered order's net until its problem report window has
// closed (pendingEarnings with the date), a payout beyond what is available is a 409
// naming amount, one is 201 with a reference, a second while it is on its way is a 409; the CSV
// of a range; a courier's earnings. No payout before the account's email is verified:
// a 403 saying so.

const localDay = (days = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(Date.now() + days * 86_400_000));
const cents = (dollars: number) => Math.round(dollars * 100);

test("an owner sees a delivered order's net, pays it out once at a time, and downloads the entries", async ({
  baseURL,
  owner: { client: owner, email, restaurant, item },
}) => {
  const { client: customer } = await signUpCustomer(baseURL!);
  // Paid by card: wallet money is promotional credit, whose earnings are never paid out (below).
  const delivered = await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 2, submit: standardCard });
  const accepted = await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 1, submit: standardCard });
  // A card is only authorized at placement and captured when the restaurant accepts (docs/architecture/payments.md): accepted, it is paid and pending.
  expect((await owner.post(`/api/manage/${restaurant.id}/orders/${accepted.id}/stage`, { stage: "accepted", prepMinutes: 20 })).status()).toBe(200);
  expect((await owner.put(`/api/manage/${restaurant.id}/orders/${delivered.id}`, { status: "Completed" })).status()).toBe(200);

  const response = await owner.get(`/api/manage/${restaurant.id}/payouts`);
  expect(response.status()).toBe(200);
  const payouts = await response.json();
  const order = delivered as unknown as { subtotal: number; deliveryFee: number; priorityFee: number; serviceFee: number; tip: number };
  const commission = Math.floor(cents(order.subtotal) * 0.15);
  // No Nosh courier took it: the restaurant's own staff delivered it and earns its delivery fee and tip.
  const net = cents(order.subtotal) - commission + cents(order.deliveryFee) + cents(order.priorityFee ?? 0) + cents(order.tip);
  // Just delivered: pending until its 48-hour report window closes, with that date; nothing to pay out yet.
  expect(payouts.available).toBe(0);
  expect(payouts.pendingEarnings).toEqual([{ orderId: delivered.id, amount: net / 100, availableAt: expect.any(String), openReport: false }]);
  const availableAt = Date.parse(payouts.pendingEarnings[0].availableAt);
  expect(Math.abs(availableAt - (Date.now() + 48 * 3600_000))).toBeLessThan(10 * 60_000);
  expect(cents(payouts.pending)).toBeGreaterThan(net);
  expect(payouts.entries).toEqual([expect.objectContaining({ kind: "order", orderId: delivered.id, commission: commission / 100, discount: 0, net: net / 100 })]);
  // Unverified email: a 403 with the message, nothing paid out; verified through its mailed link, payouts go through (below).
  const unverified = await owner.post(`/api/manage/${restaurant.id}/payouts`, { amount: 1 });
  expect(unverified.status()).toBe(403);
  expect((await unverified.json()).message).toBe("Verify your email address first: we sent you a link (resend it from your account)");
  expect(await (await owner.get(`/api/manage/${restaurant.id}/payouts`)).json()).toMatchObject({ pending: payouts.pending, inFlight: null, payouts: [] });
  await verifyEmailOf(owner, email);
  const early = await owner.post(`/api/manage/${restaurant.id}/payouts`, { amount: 1 });
  expect(early.status()).toBe(409);
  expect((await early.json()).errors.amount).toBe("You can pay out at most $0.00");

  // Its window closed (its delivery moved 49 hours back): available.
  await ageDelivery(delivered.id, 49);
  const later = await (await owner.get(`/api/manage/${restaurant.id}/payouts`)).json();
  expect(cents(later.available)).toBe(net);
  expect(later.pendingEarnings).toEqual([]);

  const tooMuch = await owner.post(`/api/manage/${restaurant.id}/payouts`, { amount: (net + 1) / 100 });
  expect(tooMuch.status()).toBe(409);
  expect((await tooMuch.json()).errors.amount).toBe(`You can pay out at most $${(net / 100).toFixed(2)}`);
  const paid = await owner.post(`/api/manage/${restaurant.id}/payouts`, { amount: 5 });
  expect(paid.status()).toBe(201);
  const payout = await paid.json();
  expect(payout).toMatchObject({ amount: 5, state: "pending", reference: expect.stringMatching(/^PO-/) });
  const again = await owner.post(`/api/manage/${restaurant.id}/payouts`, { amount: 1 });
  expect(again.status()).toBe(409);
  expect(await (await owner.get(`/api/manage/${restaurant.id}/payouts`)).json()).toMatchObject({
    available: (net - 500) / 100,
    inFlight: { reference: payout.reference },
  });
  expect((await owner.post(`/api/manage/${restaurant.id}/payouts`, { amount: "abc" })).status()).toBe(400);

  const csv = await owner.get(`/api/manage/${restaurant.id}/exports/payouts.csv?from=${localDay(-1)}&to=${localDay(1)}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("time,kind,order,reference,gross,commission,discount,net,commission_rate,reason");
  expect(lines.slice(1).map((line) => line.split(",")[1])).toEqual(["order", "payout"]);

  // A weekly payout: set, read back with the earnings, a bad day a 400 naming
  // weekday, another user's restaurant a 404 that changes nothing, stopped with null.
  const schedule = `/api/manage/${restaurant.id}/payouts/schedule`;
  const set = await owner.put(schedule, { weekday: "fri" });
  expect(set.status()).toBe(200);
  expect(await set.json()).toEqual({ schedule: { weekday: "fri", skipped: null } });
  expect((await (await owner.get(`/api/manage/${restaurant.id}/payouts`)).json()).schedule).toEqual({ weekday: "fri", skipped: null });
  const bad = await owner.put(schedule, { weekday: "friday" });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors)).toEqual(["weekday"]);
  expect((await customer.put(schedule, { weekday: "mon" })).status()).toBe(404);
  expect((await (await owner.get(`/api/manage/${restaurant.id}/payouts`)).json()).schedule).toEqual({ weekday: "fri", skipped: null });
  expect(await (await owner.put(schedule, { weekday: null })).json()).toEqual({ schedule: null });
});

test("the signup credit spent at an owner's restaurant by another account never reaches a payout", async ({
  baseURL,
  owner: { client: owner, email, restaurant, item },
}) => {
  await verifyEmailOf(owner, email);
  const { client: accomplice } = await signUpCustomer(baseURL!);
  const spent = await placeOrder(accomplice, { restaurantId: restaurant.id, itemId: item.id, quantity: 2, submit: standardWallet });
  expect(spent.paymentMethod).toBe("wallet");
  expect((await owner.put(`/api/manage/${restaurant.id}/orders/${spent.id}`, { status: "Completed" })).status()).toBe(200);
  await ageDelivery(spent.id, 49);
  const seen = await (await owner.get(`/api/manage/${restaurant.id}/payouts`)).json();
  expect(seen).toMatchObject({ available: 0, pendingEarnings: [], owed: 0 });
  expect(seen.promotional).toBeGreaterThan(0);
  const refused = await owner.post(`/api/manage/${restaurant.id}/payouts`, { amount: seen.promotional });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).errors.amount).toBe("You can pay out at most $0.00");
});

test("a courier's earnings: zero before any delivery, and a payout beyond them is a 409; a customer gets 403", async ({ baseURL }) => {
  const { client, user, email } = await signUpCustomer(baseURL!);
  expect((await client.get("/api/courier/earnings")).status()).toBe(403);
  await makeCourier(user.id);
  expect((await client.post("/api/courier/payouts", { amount: 1 })).status()).toBe(403);
  await verifyEmailOf(client, email);
  const earnings = await client.get("/api/courier/earnings");
  expect(earnings.status()).toBe(200);
  expect(await earnings.json()).toMatchObject({ available: 0, pending: 0, inFlight: null, entries: [], days: [] });
  expect((await client.post("/api/courier/payouts", { amount: 1 })).status()).toBe(409);
});

test("payout details: each bad field named, saved pending verification with only the last four, another owner's a 404; a courier's own, a customer's a 403", async ({
  baseURL,
  owner: { client: owner, restaurant },
}) => {
  const url = `/api/manage/${restaurant.id}/payout-account`;
  expect(await (await owner.get(url)).json()).toEqual({ payoutAccount: null, testMode: true });
  const bad = await owner.put(url, { holderName: "", routingNumber: "12345", accountNumber: "12" });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors).sort()).toEqual(["accountNumber", "holderName", "routingNumber"]);
  const notTest = await owner.put(url, { holderName: "Ada Lovelace", routingNumber: "110000000", accountNumber: "000123456780" });
  expect(notTest.status()).toBe(400);
  expect((await notTest.json()).errors.accountNumber).toMatch(/not a test account/);
  expect((await (await owner.get(url)).json()).payoutAccount).toBeNull();

  const saved = await owner.put(url, { holderName: "Ada Lovelace", routingNumber: "110000000", accountNumber: "000999999991" });
  expect(saved.status()).toBe(200);
  const { payoutAccount } = await saved.json();
  expect(payoutAccount).toMatchObject({ status: "pending", payoutsEnabled: false, label: "Verification pending", bankLast4: "9991" });
  expect(JSON.stringify(payoutAccount)).not.toContain("000999999991");

  const { client: other, user } = await signUpCustomer(baseURL!);
  expect((await other.get(url)).status()).toBe(404);
  expect((await other.put(url, { holderName: "Eve", routingNumber: "110000000", accountNumber: "000123456789" })).status()).toBe(404);
  expect((await (await owner.get(url)).json()).payoutAccount).toMatchObject({ holderName: "Ada Lovelace", bankLast4: "9991" });
  expect((await other.get("/api/courier/payout-account")).status()).toBe(403);
  await makeCourier(user.id);
  expect(await (await other.get("/api/courier/payout-account")).json()).toEqual({ payoutAccount: null, testMode: true });
});
