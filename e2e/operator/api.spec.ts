import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { createItem, createRestaurant } from "../support/owner";
import { placeOrder } from "../support/orders";
import { signUpOperator } from "../support/operator";

// The operator console's API (docs/architecture/operator.md) over HTTP, on the production build.
// A suspended restaurant is gone from /home, search and the JSON lists on the very next read,
// on both server processes (the catalog's version moved, so no kept or replayed answer serves
// it), new orders to it are refused with a message while the one already placed goes on, and
// restoring brings it back. A suspended account's session ends at once and its login is refused.

/** An anonymous client with its XSRF cookie, so its catalog GETs are the kind the host replays. */
async function visitor(baseURL: string): Promise<Client> {
  const client = await newClient(baseURL);
  await client.get("/api/auth/");
  return client;
}

test.describe("operator console API", () => {
  test("a suspended restaurant vanishes from /home, search and the JSON lists within one catalog change, refuses orders, keeps its open order; restore brings it back", async ({
    baseURL,
  }) => {
    const nia = await signUpOperator(baseURL!);
    const owner = await signUpCustomer(baseURL!);
    // Spanish (served by the demo data, so no test sees a new cuisine), 1 minute: first in /home?cuisine=spanish&sort=delivery (the page's first cards are server-rendered).
    const name = `Quokka Operator Grill ${Date.now().toString(36)}`;
    const restaurant = await createRestaurant(owner.client, { name, cuisine_type: "Spanish", delivery_time: 1 });
    const item = await createItem(owner.client, restaurant.id, { name: `Quokka Jerk Plate ${Date.now().toString(36)}` });
    const customer = await signUpCustomer(baseURL!);
    const open = await placeOrder(customer.client, { restaurantId: restaurant.id, itemId: item.id });

    const here = await visitor(baseURL!);
    const there = await visitor(process.env.E2E_SECOND_URL ?? baseURL!);
    const home = "/home?cuisine=spanish&sort=delivery";
    const search = `/api/search?q=${encodeURIComponent("Quokka Operator")}`;
    const reads = async (client: Client) => ({
      home: (await (await client.get(home)).text()).includes(name),
      search: (await (await client.get(search)).text()).includes(`"id":${restaurant.id},`),
      list: (await (await client.get("/api/restaurants/?cuisine=Spanish&sort=delivery")).text()).includes(name),
      one: (await client.get(`/api/restaurants/${restaurant.id}`)).status(),
      menu: (await (await client.get(`/api/menu-items?restaurantId=${restaurant.id}`)).text()).includes(item.name),
      dish: (await client.get(`/api/menu-items/${item.id}`)).status(),
    });
    const shown = { home: true, search: true, list: true, one: 200, menu: true, dish: 200 };
    // Read twice on each process: the second read is the kept (replayed) answer.
    for (const client of [here, there, here, there]) expect(await reads(client)).toEqual(shown);

    const suspended = await nia.client.post(`/api/admin/restaurants/${restaurant.id}`, { action: "suspend", reason: "Health inspection failed" });
    expect(suspended.status()).toBe(200);
    expect((await suspended.json()).restaurant).toMatchObject({ status: "suspended", suspensionReason: "Health inspection failed" });

    const gone = { home: false, search: false, list: false, one: 404, menu: false, dish: 404 };
    for (const client of [here, there]) expect(await reads(client)).toEqual(gone);

    // New orders are refused with a message; the order placed before goes on (the owner accepts it).
    const refused = await customer.client.post("/api/orders/", { restaurant_id: restaurant.id, items: [{ menu_item_id: item.id, quantity: 1 }] });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe("This restaurant has been suspended by Nosh and is not taking orders");
    const accepted = await owner.client.post(`/api/manage/${restaurant.id}/orders/${open.id}/stage`, { stage: "accepted", prepMinutes: 20 });
    expect(accepted.status()).toBe(200);
    // The owner sees why on their own reads, and cannot reopen it.
    const mine = await (await owner.client.get("/api/manage/")).json();
    expect(JSON.stringify(mine)).toContain("Health inspection failed");
    expect((await owner.client.put(`/api/manage/${restaurant.id}/reactivate`)).status()).toBe(409);

    // The audit log has it; another operator action on it is a 409.
    const audit = await (await nia.client.get(`/api/admin/audit?targetType=restaurant&targetId=${restaurant.id}`)).json();
    expect(audit.items).toMatchObject([{ action: "restaurant.suspend", reason: "Health inspection failed", operator: { id: nia.user.id } }]);
    expect((await nia.client.post(`/api/admin/restaurants/${restaurant.id}`, { action: "suspend", reason: "Again" })).status()).toBe(409);

    expect((await nia.client.post(`/api/admin/restaurants/${restaurant.id}`, { action: "restore", reason: "Passed the re-inspection" })).status()).toBe(200);
    for (const client of [here, there]) expect(await reads(client)).toEqual(shown);
  });

  test("an operator cannot act on their own restaurant; lists and the dashboard answer the operator", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    const own = await createRestaurant(nia.client);
    const refused = await nia.client.post(`/api/admin/restaurants/${own.id}`, { action: "suspend", reason: "Mine" });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("Operators cannot act on their own restaurant");
    const bad = await nia.client.post(`/api/admin/restaurants/${own.id}`, { action: "suspend", reason: "" });
    expect(bad.status()).toBe(400);

    const dashboard = await (await nia.client.get("/api/admin")).json();
    expect(dashboard.tiles.map((t: { key: string }) => t.key)).toContain("restaurantsNotTaking");
    for (const url of [
      "/api/admin/orders?stage=open",
      "/api/admin/restaurants?status=closed",
      "/api/admin/reviews",
      "/api/admin/couriers",
      "/api/admin/users?q=example.com",
      "/api/admin/audit",
    ]) {
      expect((await nia.client.get(url)).status(), url).toBe(200);
    }
  });

  test("suspending sign-in ends the user's session at once and refuses their login with the reason", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    const user = await signUpCustomer(baseURL!);
    expect((await user.client.get("/api/auth/")).status()).toBe(200);
    const found = await (await nia.client.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`)).json();
    expect(found.items.map((u: { id: number }) => u.id)).toEqual([user.user.id]);

    expect((await nia.client.post(`/api/admin/users/${user.user.id}`, { action: "suspend", reason: "Card fraud" })).status()).toBe(200);
    expect((await user.client.get("/api/auth/")).status()).toBe(401);
    const again = await newClient(baseURL!);
    const login = await again.post("/api/auth/login", { credential: user.email, password: user.password });
    expect(login.status()).toBe(403);
    expect((await login.json()).message).toBe("This account is suspended by Nosh: Card fraud");

    expect((await nia.client.post(`/api/admin/users/${user.user.id}`, { action: "restore", reason: "Cleared" })).status()).toBe(200);
    expect((await again.post("/api/auth/login", { credential: user.email, password: user.password })).status()).toBe(200);
  });
});
