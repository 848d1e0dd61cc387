import { expect, test } from "../fixtures";
import { newClient } from "../support/api";
import { textOf } from "../support/html";
import { placeOrder } from "../support/orders";

// What is still written in English and read by someone else (docs/architecture/languages.md):
// an API success's `message`, and a reason chosen from a fixed list and stored in English, in the
// reader's language (Accept-Language); English, and a request naming none, exactly as before.

const SPANISH = { "Accept-Language": "es-MX,es;q=0.9" };

test("an API success message is in the request's language; English is the spec's", async ({ baseURL }) => {
  const client = await newClient(baseURL!);
  expect(await (await client.get("/api/auth/logout", SPANISH)).json()).toEqual({ message: "Sesión cerrada" });
  expect(await (await client.get("/api/auth/logout")).json()).toEqual({ message: "Logged out" });
  await client.dispose();
});

test("a rejection reason chosen from the list reads in Spanish on the customer's page, the owner's note as typed", async ({ owner, customer }) => {
  const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  const body = { stage: "rejected", reason: "out_of_stock", note: "no salmon today" };
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/stage`, body)).status()).toBe(200);
  expect(textOf(await (await customer.client.get(`/orders/${order.id}`, SPANISH)).text())).toContain("Sin existencias: no salmon today");
  // The API's field and the English page keep the stored text.
  expect((await (await customer.client.get(`/api/orders/${order.id}`, SPANISH)).json()).rejectionReason).toBe("Out of stock: no salmon today");
  expect(textOf(await (await customer.client.get(`/orders/${order.id}`)).text())).toContain("Out of stock: no salmon today");
});
