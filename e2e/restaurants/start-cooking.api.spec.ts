import { expect, test } from "../fixtures";
import { KITCHEN_SAID } from "@/lib/contract/restaurants/kitchen-rules";
import { inEnglish } from "@/lib/contract/testing/in-english";

// "Start cooking when the courier is N minutes away" over HTTP (docs/architecture/kitchen.md "Start
// cooking when the courier is near"): off by default; the owner sets it, the board's answer carries
// it for the cards' cue; anyone else's call changes nothing. The cue's rule is lib/shared/kitchen/start-cooking.test.ts.

test("off by default; the owner sets and clears it, and the board carries it", async ({ owner }) => {
  const id = owner.restaurant.id;
  const board = async () => (await (await owner.client.get(`/api/manage/${id}/board`)).json()).startCookingMinutes;
  expect(await board()).toBeNull();
  const set = await owner.client.put(`/api/manage/${id}/start-cooking`, { startCookingMinutes: 12 });
  expect(set.status()).toBe(200);
  expect(await set.json()).toEqual({ startCookingMinutes: 12 });
  expect(await board()).toBe(12);
  expect((await owner.client.put(`/api/manage/${id}/start-cooking`, { startCookingMinutes: null })).status()).toBe(200);
  expect(await board()).toBeNull();
});

test("only the owner or a manager sets it: 401 signed out, 404 for anyone else; bad input is a 400 naming startCookingMinutes, nothing changed", async ({
  owner,
  customer,
  api,
}) => {
  const id = owner.restaurant.id;
  expect((await owner.client.put(`/api/manage/${id}/start-cooking`, { startCookingMinutes: 7 })).status()).toBe(200);
  expect((await api.put(`/api/manage/${id}/start-cooking`, { startCookingMinutes: 5 })).status()).toBe(401);
  expect((await customer.client.put(`/api/manage/${id}/start-cooking`, { startCookingMinutes: 5 })).status()).toBe(404);
  for (const startCookingMinutes of [0, 61, 2.5, "5", undefined]) {
    const answer = await owner.client.put(`/api/manage/${id}/start-cooking`, startCookingMinutes === undefined ? {} : { startCookingMinutes });
    expect(answer.status()).toBe(400);
    expect((await answer.json()).errors).toEqual({ startCookingMinutes: inEnglish(KITCHEN_SAID.startCookingMinutes) });
  }
  expect((await (await owner.client.get(`/api/manage/${id}/board`)).json()).startCookingMinutes).toBe(7);
});
