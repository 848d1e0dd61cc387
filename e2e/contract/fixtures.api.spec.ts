import { expect, test } from "../fixtures";
import { newClient, openClients, type Client } from "../support/api";
import { menuOf } from "../support/orders";

// The test kit itself (e2e/fixtures.ts): what each fixture hands a test, and that every client
// a test makes is disposed when the test ends.

test.describe.configure({ mode: "serial" }); // the second test checks what the first left behind

let made: Client | undefined;

test("customer, owner and guest fixtures are signed in as what they say", async ({ customer, owner, guest, api }) => {
  expect(await (await customer.client.get("/api/auth/")).json()).toMatchObject({ id: customer.user.id, email: customer.email, wallet: 999.99 });
  expect((await (await owner.client.get("/api/auth/")).json()).id).toBe(owner.user.id);
  expect((await menuOf(owner.client, owner.restaurant.id)).map((item) => item.id)).toEqual([owner.item.id]);
  expect(await (await guest.client.get("/api/auth/")).json()).toMatchObject({ id: guest.user.id, guestAccount: true });
  expect((await api.get("/api/auth/")).status()).toBe(401);
  expect(await api.xsrf()).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
  made = await newClient(test.info().project.use.baseURL!);
  expect(openClients().has(made)).toBe(true);
});

test("every client the previous test made is disposed once it ended", async () => {
  expect(made).toBeDefined();
  expect(openClients().has(made!)).toBe(false);
  await expect(made!.ctx.get("/api/auth/")).rejects.toThrow(/disposed|closed/);
});
