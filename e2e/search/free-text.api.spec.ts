import { expect, test } from "../fixtures";
import { uniqueEmail } from "../support/api";
import { createOrder, standardWallet } from "../support/orders";
import { restaurantBody } from "../support/owner";

// Free text that is not text (NUL, ESC, bidi overrides, zero-width-only
// values, a password of spaces) is a 400 naming the field, and nothing is created.

test.describe("free-text fields refuse what is not text", () => {
  for (const [label, over, field, message] of [
    ["a name with a NUL", { name: "Ada\u0000Lovelace" }, "name", "Name contains characters that are not allowed"],
    ["an email with a NUL", { credential: undefined, email: "ada\u0000@example.com" }, "email", "Email contains characters that are not allowed"],
    ["a password of eight spaces", { password: "        " }, "password", "Password cannot be blank"],
    ["a zero-width-only name", { name: "\u200b\u200b\u200b" }, "name", "Please enter your name"],
  ] as const) {
    test(`signup with ${label} is a 400 naming ${field}; no account is made`, async ({ api: client }) => {
      const email = uniqueEmail("text");
      const body = { name: "Ada Lovelace", credential: email, password: "correct horse", ...over };
      const response = await client.post("/api/auth/signup", body);
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toEqual({ [field]: message });
      expect((await client.get("/api/auth/")).status()).toBe(401);
      const login = await client.post("/api/auth/login", { credential: email, password: "correct horse" });
      expect(login.status()).toBe(401);
    });
  }

  test("a restaurant name with a right-to-left override is a 400 naming name; nothing is created", async ({ customer: { client } }) => {
    const response = await client.post("/api/restaurants/", restaurantBody({ name: "Zz \u202eesuoH nretnaL" }));
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ name: "Name contains characters that are not allowed" });
    expect((await (await client.get("/api/manage/")).json()).restaurants).toEqual([]);
  });

  test("a review of zero-width spaces only is a 400 naming review; the order stays unreviewed", async ({ owner: shop, customer: { client } }) => {
    const order = await createOrder(client, shop.restaurant.id);
    expect((await client.put(`/api/orders/${order.id}/submit`, standardWallet)).status()).toBe(200);
    const response = await client.post("/api/reviews/", {
      restaurant_id: shop.restaurant.id,
      order_id: order.id,
      review: "\u200b\u200c\u200d\u2060\ufeff",
      order_rating: 5,
      restaurant_rating: 5,
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ review: "Please write a review before submitting." });
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).review).toBeNull();
    expect((await (await client.get(`/api/restaurants/${shop.restaurant.id}`)).json()).restaurant).toMatchObject({ numReviews: 0 });
  });

  test("accepted text is stored NFC-normalized and trimmed", async ({ customer: { client, user } }) => {
    const response = await client.put(`/api/users/${user.id}`, { firstName: "\u200b Zoe\u0308 ", deliveryInstructions: "Ring twice.\nLeave at the door." });
    expect(response.status()).toBe(200);
    expect(await (await client.get("/api/auth/")).json()).toMatchObject({ firstName: "Zoë", deliveryInstructions: "Ring twice.\nLeave at the door." });
  });
});
