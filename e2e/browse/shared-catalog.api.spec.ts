import { expect, test } from "../fixtures";
import { newClient, type Client } from "../support/api";

// The catalog's JSON reads are shared answers (lib/server/web/kept-answers/index.ts): the host (server/) keeps
// GET /api/restaurants, /api/restaurants/{id}, /api/menu-items and /api/menu-items/{id} and
// replays them until the catalog changes or the clock makes them untrue (a restaurant in the
// answer opens, closes or reaches its local midnight; a sold-out option's day ends). The suite
// runs two server processes on one database: a change made through one is seen on the next
// request to the other, whose kept answers it invalidates. Every answer, replayed or not, is
// also checked against the OpenAPI document (e2e/support/contract.ts). The clock's part (a kept
// answer is not replayed from its restaurant's opening on) is proven with a fake clock in
// lib/server/web/kept-answers/marks-and-clock.test.ts: over HTTP it cost a wait for the next whole minute.

/** An anonymous client that has its XSRF-TOKEN cookie (as a page's requests do), so its GETs can be replayed. */
async function anonymous(baseURL: string): Promise<Client> {
  const client = await newClient(baseURL);
  await client.get("/api/auth/"); // 401 for a visitor, with the cookie
  expect(await client.cookie("XSRF-TOKEN")).toBeTruthy();
  return client;
}

const text = async (client: Client, url: string) => {
  const response = await client.get(url);
  expect(response.status(), url).toBe(200);
  expect(
    Object.keys(response.headers()).filter((name) => name.startsWith("x-nosh")),
    url,
  ).toEqual([]);
  expect(response.headers()["set-cookie"], url).toBeUndefined();
  return response.text();
};

test.describe("shared catalog reads", () => {
  test("a repeated read answers the bytes of a fresh one, on either server", async ({ owner, baseURL }) => {
    const here = await anonymous(baseURL!);
    const there = await anonymous(process.env.E2E_SECOND_URL!);
    const { id, name } = owner.restaurant;
    for (const url of [
      `/api/restaurants/${id}`,
      `/api/restaurants?q=${encodeURIComponent(name)}`,
      `/api/menu-items/${owner.item.id}`,
      `/api/menu-items?restaurantId=${id}`,
      `/api/menu-items?ids=${owner.item.id}`,
    ]) {
      // The first request of a URL no test has asked before is rendered by Next.js; the next ones are replayed.
      const fresh = await text(here, url);
      expect(await text(here, url), url).toBe(fresh);
      expect(await text(here, url), url).toBe(fresh);
      expect(await text(there, url), url).toBe(fresh);
      expect(await text(there, url), url).toBe(fresh);
    }
  });

  test("a rename or a price change is seen on the next request through the other server", async ({ owner, baseURL }) => {
    const there = await anonymous(process.env.E2E_SECOND_URL!);
    const { id } = owner.restaurant;
    const urls = { restaurant: `/api/restaurants/${id}`, item: `/api/menu-items/${owner.item.id}`, menu: `/api/menu-items?restaurantId=${id}` };
    for (const url of Object.values(urls)) for (let i = 0; i < 2; i++) await text(there, url); // kept there

    const renamed = `Renamed ${Date.now() % 100000}`;
    expect((await owner.client.put(`/api/manage/${id}`, { name: renamed })).status()).toBe(200);
    expect(JSON.parse(await text(there, urls.restaurant)).restaurant.name).toBe(renamed);
    expect(JSON.parse(await text(there, `/api/restaurants?q=${encodeURIComponent(renamed)}`)).restaurants.map((r: { id: number }) => r.id)).toEqual([id]);

    const price = owner.item.price + 1.25;
    expect((await owner.client.put(`/api/menu-items/${owner.item.id}`, { price })).status()).toBe(200);
    expect(JSON.parse(await text(there, urls.item)).price).toBe(price);
    expect(JSON.parse(await text(there, urls.menu)).find((item: { id: number }) => item.id === owner.item.id).price).toBe(price);
    expect(JSON.parse(await text(there, urls.item)).restaurant_name).toBe(renamed);
    // And back through the server that made the change.
    expect(JSON.parse(await text(await anonymous(baseURL!), urls.item)).price).toBe(price);
  });
});
