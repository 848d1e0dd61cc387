import { expect, test } from "../fixtures";
import { randomInt } from "node:crypto";
import { newClient } from "../support/api";
import { createItem } from "../support/owner";

// GET /api/search over HTTP (docs/architecture/search.md#search): validation, filters, facets, pages,
// typo suggestions, and a dish added or renamed on one server process found by the other on the
// next request (the suite runs two processes on one database). Every answer is also checked
// against the OpenAPI document (e2e/support/contract.ts).

type Dish = { id: number; name: string; price: number; dietLabels: string[]; allergens: string[]; restaurant: { id: number; cuisine: string; takingOrders: boolean } };
type Restaurant = { id: number; name: string; cuisineType: string; takingOrders: boolean; rating: number | null; deliveryTime: number; priceLevel: string };
type Result = {
  restaurants: Restaurant[];
  dishes: Dish[];
  total: { restaurants: number; dishes: number };
  facets: { cuisine: Record<string, number>; diet: Record<string, number>; allergenFree: Record<string, number> };
  suggestion: string | null;
};

/** A made-up word of letters only (dish names may hold letters and spaces), unique per call. */
const madeUpWord = () =>
  "Qx" +
  Array.from({ length: 8 }, () => "bcdfghjklmnpqrstvwz"[randomInt(19)])
    .join("")
    .toLowerCase();

test.describe("GET /api/search", () => {
  test("finds dishes and restaurants, typos forgiven with a suggestion", async ({ request }) => {
    const piza: Result = await (await request.get("/api/search?q=piza")).json();
    expect(piza.suggestion).toBe("pizza");
    expect(piza.dishes[0]!.name).toMatch(/pizza/i);
    const exact: Result = await (await request.get("/api/search?q=tiramisu")).json();
    expect(exact.suggestion).toBeNull();
    expect(exact.dishes[0]!.name).toBe("Tiramisu");
    const accents: Result = await (await request.get(`/api/search?q=${encodeURIComponent("creme brulee")}&type=dishes`)).json();
    expect(accents.dishes[0]!.name).toBe("Crème Brûlée");
    expect(accents.restaurants).toEqual([]);
    expect(accents.total.restaurants).toBe(0);
  });

  test("refuses bad parameters with a 400 naming the field", async ({ request }) => {
    for (const [query, field] of [
      [`q=${"x".repeat(101)}`, "q"],
      ["type=menus", "type"],
      ["cuisine=Martian", "cuisine"],
      ["cuisine=Italian,Martian", "cuisine"],
      ["minRating=6", "minRating"],
      ["minRating=abc", "minRating"],
      ["priceLevel=CHEAP", "priceLevel"],
      ["maxDeliveryMinutes=-5", "maxDeliveryMinutes"],
      ["maxDishPrice=ten", "maxDishPrice"],
      ["sort=random", "sort"],
      ["diet=paleo", "diet"],
      ["allergenFree=peanuts,shellfish", "allergenFree"],
      ["limit=51", "limit"],
      ["limit=0", "limit"],
      ["offset=-1", "offset"],
    ] as const) {
      const response = await request.get(`/api/search?${query}`);
      expect(response.status(), query).toBe(400);
      const body = await response.json();
      expect(body.message, query).toEqual(expect.any(String));
      expect(Object.keys(body.errors), query).toEqual([field]);
    }
  });

  test("hostile text is searched as text: no 500", async ({ request }) => {
    for (const q of [
      '"',
      '""',
      "*",
      "-",
      "NEAR",
      "NEAR(a b)",
      "a OR b",
      "%",
      "_",
      "\\",
      "a:b",
      "{name}:x",
      "^pizza",
      "🍕",
      "pizza'--",
      "x".repeat(100),
      "\u{10FFFF}",
      "a\u{10FFFF}\u{10FFFF}",
      "\uD7FF",
    ]) {
      const response = await request.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status(), q).toBe(200);
    }
  });

  test("filters hold on every result; facets count per cuisine without the cuisine filter", async ({ request }) => {
    const all: Result = await (await request.get("/api/search?q=chicken&limit=50")).json();
    const filtered: Result = await (await request.get("/api/search?q=chicken&cuisine=Korean,Thai&limit=50")).json();
    // The dishes' facets (diet, allergenFree) follow the cuisine filter; the cuisines' do not.
    expect(filtered.facets.cuisine).toEqual(all.facets.cuisine);
    expect(filtered.total.restaurants).toBe((all.facets.cuisine.Korean ?? 0) + (all.facets.cuisine.Thai ?? 0));
    for (const d of filtered.dishes) expect(["Korean", "Thai"]).toContain(d.restaurant.cuisine);
    const cheap: Result = await (await request.get("/api/search?maxDishPrice=10&maxDeliveryMinutes=40&minRating=3.5&priceLevel=INEXPENSIVE,MODERATE&limit=50")).json();
    for (const d of cheap.dishes) expect(d.price).toBeLessThanOrEqual(10);
    for (const r of cheap.restaurants) {
      expect(r.deliveryTime).toBeLessThanOrEqual(40);
      expect(r.rating).toBeGreaterThanOrEqual(3.5);
      expect(["INEXPENSIVE", "MODERATE"]).toContain(r.priceLevel);
    }
  });

  test("diet=vegan finds only vegan dishes and allergenFree none with the allergen; the facets count them", async ({ request }) => {
    // Other specs add dishes on the same server meanwhile: the counts are compared on reads that
    // saw the same catalog (read again when a dish landed between them).
    await expect(async () => {
      const all: Result = await (await request.get("/api/search?type=dishes&limit=50")).json();
      const vegan: Result = await (await request.get("/api/search?type=dishes&diet=vegan&limit=50")).json();
      const noPeanuts: Result = await (await request.get("/api/search?type=dishes&allergenFree=peanuts&limit=50")).json();
      expect(vegan.total.dishes).toBe(all.facets.diet.vegan);
      expect(vegan.dishes.length).toBeGreaterThan(0);
      for (const d of vegan.dishes) expect(d.dietLabels).toContain("vegan");
      expect(noPeanuts.total.dishes).toBe(all.facets.allergenFree.peanuts);
      expect(noPeanuts.total.dishes).toBeLessThan(all.total.dishes);
      for (const d of noPeanuts.dishes) expect(d.allergens).not.toContain("peanuts");
    }).toPass({ timeout: 15_000 });
  });

  test("pages through the dishes without overlap", async ({ request }) => {
    const first: Result = await (await request.get("/api/search?q=chicken&type=dishes&limit=5")).json();
    const second: Result = await (await request.get("/api/search?q=chicken&type=dishes&limit=5&offset=5")).json();
    expect(first.dishes).toHaveLength(5);
    expect(first.total.dishes).toBeGreaterThan(5);
    expect(second.total).toEqual(first.total);
    const ids = [...first.dishes, ...second.dishes].map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a new or renamed dish is found on the next request, by the other server process", async ({ owner }) => {
    const other = await newClient(process.env.E2E_SECOND_URL!);
    const word = madeUpWord();
    const dish = await createItem(owner.client, owner.restaurant.id, { name: `${word} Dumplings` });
    const found: Result = await (await other.get(`/api/search?q=${word}`)).json();
    expect(found.dishes.map((d) => d.id)).toEqual([dish.id]);
    expect(found.dishes[0]!.restaurant).toMatchObject({ id: owner.restaurant.id, takingOrders: true });

    const renamed = madeUpWord();
    expect((await owner.client.put(`/api/menu-items/${dish.id}`, { name: `${renamed} Noodles` })).status()).toBe(200);
    expect((await (await other.get(`/api/search?q=${word}`)).json()).dishes).toEqual([]);
    expect((await (await other.get(`/api/search?q=${renamed}`)).json()).dishes.map((d: Dish) => d.id)).toEqual([dish.id]);
    // The older lists match the same way, from either process.
    const listed = await (await other.get(`/api/menu-items?q=${renamed}`)).json();
    expect(listed.map((d: Dish) => d.id)).toEqual([dish.id]);
  });

  test("a deactivated restaurant and its dishes are found, marked not taking orders", async ({ owner }) => {
    const word = madeUpWord();
    await createItem(owner.client, owner.restaurant.id, { name: `${word} Pie` });
    expect((await owner.client.del(`/api/manage/${owner.restaurant.id}?type=soft`)).status()).toBe(200);
    const result: Result = await (await owner.client.get(`/api/search?q=${word}`)).json();
    expect(result.dishes).toHaveLength(1);
    expect(result.dishes[0]!.restaurant.takingOrders).toBe(false);
    const byName: Result = await (await owner.client.get(`/api/search?q=${encodeURIComponent(owner.restaurant.name)}&type=restaurants`)).json();
    expect(byName.restaurants.find((r) => r.id === owner.restaurant.id)?.takingOrders).toBe(false);
  });

  test("a repeated search is replayed from memory only as route() would answer it: same bytes, no cookie missed, no mark leaked", async ({ baseURL }) => {
    // The host (server/) keeps answers marked as shared (lib/server/web/kept-answers/index.ts) and replays them.
    const url = `${baseURL}/api/search?q=${madeUpWord().slice(0, 4)}&limit=5`;
    const page = await fetch(`${baseURL}/api/auth/`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.getSetCookie().join("\n"))![1]!;
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(url, { headers: { cookie: `XSRF-TOKEN=${xsrf}` } });
      expect(response.status).toBe(200);
      expect([...response.headers.keys()].filter((name) => name.startsWith("x-nosh"))).toEqual([]);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      answers.push(await response.text());
    }
    expect(new Set(answers).size).toBe(1);
    // Without the cookie, or with one issued for another session, the answer still sets a fitting one.
    for (const cookie of [undefined, "XSRF-TOKEN=forged"]) {
      const response = await fetch(url, { headers: cookie ? { cookie } : {} });
      expect(response.headers.getSetCookie().join("\n")).toMatch(/XSRF-TOKEN=(?!forged)/);
      expect(await response.text()).toBe(answers[0]);
    }
    // Compressed for a client that asks, and the plain bytes for one that does not, whichever came first.
    const gzip = await fetch(url, { headers: { cookie: `XSRF-TOKEN=${xsrf}`, "accept-encoding": "gzip" } });
    expect(await gzip.text()).toBe(answers[0]);
    const plain = await fetch(url, { headers: { cookie: `XSRF-TOKEN=${xsrf}`, "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(answers[0]);
  });

  test("suggestions for the search box: limit=5 after two characters", async ({ request }) => {
    const result: Result = await (await request.get("/api/search?q=bu&limit=5")).json();
    expect(result.dishes.length).toBeGreaterThan(0);
    expect(result.dishes.length).toBeLessThanOrEqual(5);
    expect(result.restaurants.length).toBeLessThanOrEqual(5);
    for (const d of result.dishes) expect(d.name).toMatch(/^bu/i);
  });
});
