import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { makeTeamMember } from "../support/couriers";
import { signUpOwner } from "../support/owner";

// Phone orders over HTTP (docs/architecture/phone-orders.md): the owner and the staff who run the
// board enter an order a customer gave by phone; it is placed as any order, lands on the board
// marked as a phone order, and is paid at the door: the restaurant's balance is charged the
// total, and the delivery leaves it owing exactly what Nosh keeps (its statement balanced).
// Anyone else's call is a 404 (401 signed out); bad input is a 400 naming the field, nothing placed.

const body = (itemId: number, over: Record<string, unknown> = {}) => ({
  name: "Rosa Diaz",
  phone: "(415) 555-0134",
  fulfilment: "pickup",
  payment: "door",
  items: [{ menu_item_id: itemId, quantity: 2 }],
  ...over,
});
const cents = (dollars: number) => Math.round(dollars * 100);

test("a pickup paid at the door: on the board as a phone order; once picked up the statement owes Nosh its part, balanced", async ({ owner }) => {
  const id = owner.restaurant.id;
  const placed = await owner.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id), { "Idempotency-Key": `phone-${Date.now()}` });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  expect(order).toMatchObject({
    stage: "placed",
    deliveryOption: "pickup",
    paymentMethod: "door",
    phoneOrder: { phone: "4155550134" },
    customer: { firstName: "Rosa Diaz" },
  });
  expect(cents(order.subtotal)).toBe(cents(owner.item.price) * 2);
  const board = await (await owner.client.get(`/api/manage/${id}/board`)).json();
  expect(board.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({ phoneOrder: { phone: "4155550134" }, actions: [{ action: "phone_order" }] });

  for (const step of [{ stage: "accepted", prepMinutes: 10 }, { stage: "ready" }, { stage: "delivered" }])
    expect((await owner.client.post(`/api/manage/${id}/orders/${order.id}/stage`, step)).status()).toBe(200);
  const payouts = await (await owner.client.get(`/api/manage/${id}/payouts`)).json();
  const mine = payouts.entries.filter((entry: { orderId: number | null }) => entry.orderId === order.id);
  expect(mine.map((entry: { kind: string }) => entry.kind).sort()).toEqual(["door_payment", "order"]);
  const door = mine.find((entry: { kind: string }) => entry.kind === "door_payment");
  const share = mine.find((entry: { kind: string }) => entry.kind === "order");
  expect(cents(door.net)).toBe(-cents(order.totalCost));
  // The restaurant kept the cash: it owes the total less its share (Nosh's fees and commission, and the tax).
  expect(cents(share.net)).toBeGreaterThan(0);
  expect(cents(payouts.owed)).toBe(cents(order.totalCost) - cents(share.net));
  expect(cents(payouts.available)).toBe(0);
});

test("a delivery paid at the door goes with the restaurant's own staff; a reject gives the balance back whole", async ({ owner }) => {
  const id = owner.restaurant.id;
  const placed = await owner.client.post(
    `/api/manage/${id}/phone-orders`,
    body(owner.item.id, { fulfilment: "delivery", street: "1 Market St", unit: "5", city: "San Francisco", state: "CA", zip: "94105", notes: "Buzz 5" }),
  );
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  // The restaurant's own delivery: no Nosh delivery fee (phone-order-delivery.api.spec.ts has the rest).
  expect(order).toMatchObject({ deliveryOption: "standard", paymentMethod: "door", staffDelivery: true, deliveryFee: 0 });
  expect((await owner.client.post(`/api/manage/${id}/orders/${order.id}/stage`, { stage: "accepted", prepMinutes: 10 })).status()).toBe(200);
  const board = await (await owner.client.get(`/api/manage/${id}/board`)).json();
  const card = board.orders.find((o: { id: number }) => o.id === order.id);
  // No courier: the restaurant's staff deliver it, to the address they typed (on the card, for them alone).
  expect(card.delivery ?? null).toBeNull();
  expect(card.deliveryAddress).toMatchObject({ address: "1 Market St", city: "San Francisco", state: "CA", zip: "94105", instructions: "Unit 5 · Buzz 5" });
  expect((await owner.client.post(`/api/manage/${id}/orders/${order.id}/stage`, { stage: "rejected", reason: "too_busy" })).status()).toBe(200);
  const payouts = await (await owner.client.get(`/api/manage/${id}/payouts`)).json();
  expect(payouts.owed).toBe(0);
});

test("the owner and its staff may; another restaurant's staff and owner get a 404, signed out a 401; bad input is a 400 naming the field, nothing placed", async ({
  owner,
  api,
  baseURL,
}) => {
  const id = owner.restaurant.id;
  const staff = await signUpCustomer(baseURL!);
  await makeTeamMember(id, staff.user.id, "staff");
  expect((await staff.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id))).status()).toBe(201);

  const other = await signUpOwner(baseURL!);
  const otherStaff = await signUpCustomer(baseURL!);
  await makeTeamMember(other.restaurant.id, otherStaff.user.id, "staff");
  expect((await otherStaff.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id))).status()).toBe(404);
  expect((await other.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id))).status()).toBe(404);
  expect((await api.post(`/api/manage/${id}/phone-orders`, body(owner.item.id))).status()).toBe(401);

  const open = async () => (await (await owner.client.get(`/api/manage/${id}/board`)).json()).openCounts.placed;
  const before = await open();
  const refused: [Record<string, unknown>, string, string][] = [
    [{ name: " " }, "name", "Enter the customer's name"],
    [{ phone: "555-0134" }, "phone", "Phone number must be 10 digits"],
    [{ payment: "card" }, "payment", "payment must be door (paid at pickup or at the door) or link (a card over a payment link)"],
    [{ fulfilment: "delivery", city: "San Francisco", state: "CA", zip: "94105" }, "street", "Enter the street address"],
    [{ items: [] }, "items", "An order needs at least one item"],
  ];
  for (const [over, field, message] of refused) {
    const answer = await owner.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id, over));
    expect(answer.status(), field).toBe(400);
    expect((await answer.json()).errors[field], field).toBe(message);
  }
  // A dish of another restaurant: a 400 naming items; an unknown ZIP a 400 naming zip.
  const foreign = await owner.client.post(`/api/manage/${id}/phone-orders`, body(other.item.id));
  expect(foreign.status()).toBe(400);
  expect(Object.keys((await foreign.json()).errors)).toEqual(["items"]);
  const nowhere = await owner.client.post(
    `/api/manage/${id}/phone-orders`,
    body(owner.item.id, { fulfilment: "delivery", street: "1 A St", city: "X", state: "CA", zip: "00000" }),
  );
  expect(nowhere.status()).toBe(400);
  expect(Object.keys((await nowhere.json()).errors)).toEqual(["zip"]);
  expect(await open()).toBe(before);
  expect((await (await owner.client.get(`/api/manage/${id}/payouts`)).json()).owed).toBeGreaterThan(0);
});

test("an Idempotency-Key sent again (a second tap, a retry) answers the same order: one placed", async ({ owner }) => {
  const id = owner.restaurant.id;
  const key = `phone-twice-${Date.now()}`;
  const first = await owner.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id), { "Idempotency-Key": key });
  const second = await owner.client.post(`/api/manage/${id}/phone-orders`, body(owner.item.id), { "Idempotency-Key": key });
  expect([first.status(), second.status()]).toEqual([201, 201]);
  expect((await first.json()).id).toBe((await second.json()).id);
  const board = await (await owner.client.get(`/api/manage/${id}/board`)).json();
  expect(board.orders.filter((o: { phoneOrder?: unknown }) => o.phoneOrder)).toHaveLength(1);
});
