import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";
import { makeTeamMember, write } from "../support/couriers";
import { signUpOwner } from "../support/owner";

// A phone order paid by a card over a payment link (docs/architecture/phone-orders.md "Paid by a
// link"), over HTTP: the staff get a link, the order waits for payment on the board (not to be
// marked ready), a browser with no session pays it through the test provider's card form once of
// 20 requests at once, an expired link is a 404, and another restaurant's staff cannot place one.

const body = (itemId: number) => ({ name: "Rosa Diaz", phone: "(415) 555-0134", fulfilment: "pickup", payment: "link", items: [{ menu_item_id: itemId, quantity: 2 }] });
const cents = (dollars: number) => Math.round(dollars * 100);

async function placeWithLink(owner: Awaited<ReturnType<typeof signUpOwner>>) {
  const placed = await owner.client.post(`/api/manage/${owner.restaurant.id}/phone-orders`, body(owner.item.id), {
    "Idempotency-Key": `link-${Date.now()}-${Math.random()}`,
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  expect(order).toMatchObject({
    stage: "placed",
    paymentMethod: "card",
    phoneOrder: { phone: "4155550134" },
    payLink: { url: expect.stringMatching(/\/pay\/[\w-]{32}$/), minutes: 30 },
  });
  return { order, token: String(order.payLink.url).split("/pay/")[1]! };
}

test("the link pays the order's total once of 20 requests at once; the board stops waiting and the kitchen may mark it ready", async ({ owner, baseURL }) => {
  const id = owner.restaurant.id;
  const { order, token } = await placeWithLink(owner);
  const boardCard = async () => (await (await owner.client.get(`/api/manage/${id}/board`)).json()).orders.find((o: { id: number }) => o.id === order.id);
  expect(await boardCard()).toMatchObject({ awaitingPayment: true });
  expect((await owner.client.post(`/api/manage/${id}/orders/${order.id}/stage`, { stage: "accepted", prepMinutes: 10 })).status()).toBe(200);
  const early = await owner.client.post(`/api/manage/${id}/orders/${order.id}/stage`, { stage: "ready" });
  expect(early.status()).toBe(409);
  expect((await early.json()).errors).toEqual({ payment: "Waiting for payment" });

  // The customer's browser: no session, the test provider's tokenization, then the link.
  const guest = await newClient(baseURL!);
  const page = await guest.get(`/pay/${token}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(owner.restaurant.name);
  expect(html).not.toMatch(/Rosa Diaz|555-0134|4155550134/);
  const card = await (
    await guest.post("/api/test-provider/payment-methods", { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })
  ).json();
  const answers = await Promise.all(Array.from({ length: 20 }, () => guest.post(`/api/pay/${token}`, { card: card.id })));
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status !== 200)).toEqual(Array(19).fill(409));
  const paid = await answers[statuses.indexOf(200)]!.json();
  expect(paid).toMatchObject({ paid: true, card: "Visa •••• 4242" });
  expect(cents(paid.total)).toBe(cents(order.totalCost));

  expect((await boardCard()).awaitingPayment ?? false).toBe(false);
  expect((await owner.client.post(`/api/manage/${id}/orders/${order.id}/stage`, { stage: "ready" })).status()).toBe(200);
  // Paid: a second payment is refused.
  expect((await guest.post(`/api/pay/${token}`, { card: card.id })).status()).toBe(409);
});

test("an expired link is a 404 (its page too) and charges nothing; a wrong token is a 404; bad input names card", async ({ owner, baseURL }) => {
  const { order, token } = await placeWithLink(owner);
  const guest = await newClient(baseURL!);
  const card = await (
    await guest.post("/api/test-provider/payment-methods", { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })
  ).json();
  const bad = await guest.post(`/api/pay/${token}`, { card: "4242" });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors)).toEqual(["card"]);
  await write((query) => query(`UPDATE "PaymentLink" SET "expiresAt" = ? WHERE "orderId" = ?`, [new Date(Date.now() - 60_000), order.id]));
  expect((await guest.post(`/api/pay/${token}`, { card: card.id })).status()).toBe(404);
  expect((await guest.get(`/pay/${token}`)).status()).toBe(404);
  expect((await guest.post(`/api/pay/not-a-real-token-at-all-000000000`, { card: card.id })).status()).toBe(404);
  expect((await guest.get(`/pay/not-a-real-token-at-all-000000000`)).status()).toBe(404);
  // Nothing was charged: the order still waits for payment on the board, or the sweep of expired
  // links (orders/unpaid.ts, on its own cadence) has already closed it as rejected (CI met both).
  const board = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/board`)).json();
  const open = board.orders.find((o: { id: number }) => o.id === order.id);
  if (open) expect(open).toMatchObject({ awaitingPayment: true });
  else expect(board.doneToday.find((o: { id: number }) => o.id === order.id)).toMatchObject({ stage: "rejected" });
});

test("another restaurant's staff and owner get a 404 placing one; the restaurant's own staff get a link", async ({ owner, baseURL }) => {
  const id = owner.restaurant.id;
  const staff = await signUpCustomer(baseURL!);
  await makeTeamMember(id, staff.user.id, "staff");
  expect((await (await staff.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id))).json()).payLink.url).toMatch(/\/pay\//);
  const other = await signUpOwner(baseURL!);
  const otherStaff = await signUpCustomer(baseURL!);
  await makeTeamMember(other.restaurant.id, otherStaff.user.id, "staff");
  expect((await otherStaff.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id))).status()).toBe(404);
  expect((await other.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id))).status()).toBe(404);
});
