import { expect, test } from "../fixtures";
import { KITCHEN_SAID } from "@/lib/contract/restaurants/kitchen-rules";
import { QUARTER_MS } from "@/lib/shared/kitchen/kitchen-capacity";
import { signUpCustomer } from "../support/api";
import { orderBody, standardWallet, walletOf } from "../support/orders";
import { inEnglish } from "@/lib/contract/testing/in-english";

// A kitchen's capacity over HTTP (docs/architecture/kitchen.md "Capacity"): the owner sets at
// most N orders per 15 minutes; parallel checkouts for now at a full kitchen place exactly the
// free places, the others are a 409 naming `submit.deliveryOption` and `nextSlot` and are charged
// nothing; the slot offered is taken; no limit takes every order again. The counting rules
// themselves (scheduled slots, a quarter hour passing, cancels) are lib/server/orders/kitchen-capacity.test.ts.

/** Waits out the end of a quarter hour when it is under `margin` away, so one test's orders fall in one quarter hour. */
async function sameQuarter(margin = 25_000) {
  const left = QUARTER_MS - (Date.now() % QUARTER_MS);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 500));
}

test("a full kitchen: 8 parallel checkouts for now take exactly the 3 free places; the others are offered the next slot, charged nothing", async ({ owner, baseURL }) => {
  test.slow();
  const id = owner.restaurant.id;
  const set = await owner.client.put(`/api/manage/${id}/capacity`, { capacityPer15: 3 });
  expect(set.status()).toBe(200);
  expect(await set.json()).toEqual({ capacityPer15: 3 });
  const customers = await Promise.all(Array.from({ length: 8 }, () => signUpCustomer(baseURL!)));
  const before = await Promise.all(customers.map((c) => walletOf(c.client)));
  await sameQuarter();
  const answers = await Promise.all(customers.map((c) => c.client.post("/api/orders/", { ...orderBody(id, owner.item.id), submit: standardWallet })));
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((status) => status === 201)).toHaveLength(3);
  expect(statuses.filter((status) => status === 409)).toHaveLength(5);
  for (const [i, answer] of answers.entries()) {
    if (answer.status() !== 409) continue;
    const body = await answer.json();
    expect(body.message).toMatch(new RegExp(`^${owner.restaurant.name}'s kitchen is full right now\\. The next free time is .+: schedule your order for then\\.$`));
    expect(body.errors).toEqual({ "submit.deliveryOption": body.message });
    expect(typeof body.nextSlot).toBe("string");
    expect(await walletOf(customers[i]!.client)).toBe(before[i]);
    // The slot offered is taken.
    const scheduled = await customers[i]!.client.post("/api/orders/", {
      ...orderBody(id, owner.item.id),
      submit: { ...standardWallet, deliveryOption: "schedule", scheduledFor: body.nextSlot },
    });
    expect(scheduled.status()).toBe(201);
    expect((await scheduled.json()).scheduledFor).toBe(body.nextSlot);
    break;
  }
  // No limit: taken again at once.
  expect((await owner.client.put(`/api/manage/${id}/capacity`, { capacityPer15: null })).status()).toBe(200);
  const refused = customers[answers.findLastIndex((answer) => answer.status() === 409)]!;
  expect((await refused.client.post("/api/orders/", { ...orderBody(id, owner.item.id), submit: standardWallet })).status()).toBe(201);
});

test("only the owner or a manager sets it: 401 signed out, 404 for anyone else; bad input is a 400 naming capacityPer15, nothing changed", async ({
  owner,
  customer,
  api,
}) => {
  const id = owner.restaurant.id;
  expect((await api.put(`/api/manage/${id}/capacity`, { capacityPer15: 5 })).status()).toBe(401);
  expect((await customer.client.put(`/api/manage/${id}/capacity`, { capacityPer15: 5 })).status()).toBe(404);
  for (const capacityPer15 of [0, 501, 2.5, "5", undefined]) {
    const answer = await owner.client.put(`/api/manage/${id}/capacity`, capacityPer15 === undefined ? {} : { capacityPer15 });
    expect(answer.status()).toBe(400);
    expect((await answer.json()).errors).toEqual({ capacityPer15: inEnglish(KITCHEN_SAID.capacityPer15) });
  }
  // Nothing changed: no limit, an order for now is taken.
  expect((await customer.client.post("/api/orders/", { ...orderBody(id, owner.item.id), submit: standardWallet })).status()).toBe(201);
});
