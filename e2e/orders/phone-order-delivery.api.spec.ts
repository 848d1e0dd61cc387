import { expect, test } from "../fixtures";
import { newClient } from "../support/api";
import type { signUpOwner } from "../support/owner";

// Who delivers a phone order, over HTTP (docs/architecture/phone-orders.md "Who delivers"): the
// restaurant's own staff (`fulfilment: delivery`) get no Nosh courier job and the customer no Nosh
// delivery fee, paid at the door or by a link alike, and the staff mark it delivered; a Nosh courier
// (`fulfilment: courier`) is Nosh's fee, paid by a link (never cash), and gets its job once accepted.

type Owner = Awaited<ReturnType<typeof signUpOwner>>;
const ADDRESS = { street: "1 Market St", unit: "5", city: "San Francisco", state: "CA", zip: "94105" };
const body = (itemId: number, over: Record<string, unknown>) => ({
  name: "Rosa Diaz",
  phone: "415-555-0134",
  items: [{ menu_item_id: itemId, quantity: 2 }],
  ...ADDRESS,
  ...over,
});

async function place(owner: Owner, over: Record<string, unknown>) {
  const answer = await owner.client.post(`/api/manage/${owner.restaurant.id}/phone-orders`, body(owner.item.id, over), { "Idempotency-Key": `who-${Math.random()}` });
  expect(answer.status(), await answer.text()).toBe(201);
  return answer.json();
}

const stage = async (owner: Owner, orderId: number, step: Record<string, unknown>) =>
  (await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/stage`, step)).status();
const cardOnBoard = async (owner: Owner, orderId: number) =>
  (await (await owner.client.get(`/api/manage/${owner.restaurant.id}/board`)).json()).orders.find((o: { id: number }) => o.id === orderId);

/** The customer pays the link in a browser with no session (the test provider's card form); answers the pay page's delivery line, read before paying. */
async function payLink(baseURL: string, url: string): Promise<string> {
  const token = url.split("/pay/")[1]!;
  const guest = await newClient(baseURL);
  const html = await (await guest.get(`/pay/${token}`)).text();
  const line = /<li[^>]*data-testid="pay-delivery"[^>]*>(.*?)<\/li>/.exec(html)?.[1] ?? "";
  const card = await (
    await guest.post("/api/test-provider/payment-methods", { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })
  ).json();
  expect((await guest.post(`/api/pay/${token}`, { card: card.id })).status()).toBe(200);
  return line.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");
}

test("delivery by the restaurant's staff, paid at the door or by a link: no Nosh delivery fee, no courier job ever, the staff mark it delivered", async ({
  owner,
  baseURL,
}) => {
  const door = await place(owner, { fulfilment: "delivery", payment: "door" });
  const link = await place(owner, { fulfilment: "delivery", payment: "link" });
  for (const order of [door, link]) {
    expect(order).toMatchObject({ deliveryOption: "standard", deliveryFee: 0, smallOrderFee: 0, staffDelivery: true });
    expect(order.totalCost).toBeCloseTo(order.subtotal + order.serviceFee + (order.tax ?? 0) - (order.discount ?? 0), 2);
  }
  expect(await payLink(baseURL!, link.payLink.url)).toMatch(new RegExp(`^ *Delivery by ${owner.restaurant.name}'s own staff +\\$0\\.00 *$`));

  for (const order of [door, link]) {
    expect(await stage(owner, order.id, { stage: "accepted", prepMinutes: 10 })).toBe(200);
    // No courier job: the board shows none, and the staff take it out and deliver it.
    expect(await cardOnBoard(owner, order.id)).toMatchObject({ staffDelivery: true, delivery: null });
    for (const step of ["ready", "out_for_delivery", "delivered"]) expect(await stage(owner, order.id, { stage: step }), step).toBe(200);
  }
  // The restaurant's statement: its share of each (no courier's), and the cash it owes Nosh for the door's.
  const payouts = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/payouts`)).json();
  const kinds = (orderId: number) =>
    payouts.entries
      .filter((entry: { orderId: number | null }) => entry.orderId === orderId)
      .map((entry: { kind: string }) => entry.kind)
      .sort();
  expect(kinds(door.id)).toEqual(["door_payment", "order"]);
  expect(kinds(link.id)).toEqual(["order"]);
});

test("delivery by a Nosh courier: Nosh's delivery fee, paid by a link (cash is a 400 naming payment, nothing placed), its courier job once accepted", async ({
  owner,
  baseURL,
}) => {
  const board = async () => (await (await owner.client.get(`/api/manage/${owner.restaurant.id}/board`)).json()).openCounts.placed;
  const before = await board();
  const cash = await owner.client.post(`/api/manage/${owner.restaurant.id}/phone-orders`, body(owner.item.id, { fulfilment: "courier", payment: "door" }));
  expect(cash.status()).toBe(400);
  expect((await cash.json()).errors).toEqual({ payment: "A Nosh courier does not collect cash: send a payment link, or deliver it with your staff" });
  expect(await board()).toBe(before);

  const order = await place(owner, { fulfilment: "courier", payment: "link" });
  expect(order.deliveryFee).toBeGreaterThan(0);
  expect(order.staffDelivery).toBeUndefined();
  expect(await payLink(baseURL!, order.payLink.url)).toMatch(/^ *Delivery by a Nosh courier +\$\d+\.\d\d *$/);
  expect(await stage(owner, order.id, { stage: "accepted", prepMinutes: 10 })).toBe(200);
  expect((await cardOnBoard(owner, order.id)).delivery).toMatchObject({ state: expect.any(String) });
});
