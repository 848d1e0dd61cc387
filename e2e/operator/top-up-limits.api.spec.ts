import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { signUpOperator } from "../support/operator";

// The card top-up limits an operator sets over HTTP: bad limits are a 400 naming
// each field and change nothing; a save is audited. The values saved are the ones in effect, so the
// shared servers' other specs see no change (lib/server/payments/top-up-limits.test.ts proves a
// lowered limit refuses the next top-up).

test("an operator reads and sets the top-up limits; bad input names its fields; others are refused", async ({ baseURL }) => {
  const nia = await signUpOperator(baseURL!);
  const read = await nia.client.get("/api/admin/top-up-limits");
  expect(read.status()).toBe(200);
  const before = await read.json();
  expect(before).toMatchObject({ min: expect.any(Number), max: expect.any(Number), dailyMax: expect.any(Number), defaults: expect.any(Object) });

  const bad = await nia.client.put("/api/admin/top-up-limits", { min: 0, max: 20_000, dailyMax: "lots" });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors).sort()).toEqual(["dailyMax", "max", "min"]);
  const crossed = await nia.client.put("/api/admin/top-up-limits", { min: 60, max: 50, dailyMax: 100 });
  expect((await crossed.json()).errors).toEqual({ min: "min must be at most max" });
  expect(await (await nia.client.get("/api/admin/top-up-limits")).json()).toEqual(before);

  const { client: customer } = await signUpCustomer(baseURL!);
  expect((await customer.put("/api/admin/top-up-limits", { min: 1, max: 1, dailyMax: 1 })).status()).toBe(403);

  const { min, max, dailyMax } = before;
  const saved = await nia.client.put("/api/admin/top-up-limits", { min, max, dailyMax, reason: "Reviewed, unchanged" });
  expect(saved.status()).toBe(200);
  expect(await saved.json()).toMatchObject({ min, max, dailyMax, updatedBy: { id: nia.user.id } });
  const audit = await (await nia.client.get("/api/admin/audit?targetType=top-up-limits&targetId=1")).json();
  expect(audit.items[0]).toMatchObject({ action: "top-up-limits.set", reason: "Reviewed, unchanged" });
});
