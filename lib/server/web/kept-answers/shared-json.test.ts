import { describe, expect, it } from "vitest";
import { installKeptAnswers } from "@/lib/shared/web/registries/kept-answers.mjs";
import { SHARED_HEADER } from "@/lib/shared/web/host-contract.mjs";
import { restaurantInput, setUpTestDatabase } from "@/lib/server/platform/testing/db";

// The catalog's JSON reads as the host keeps them (lib/server/web/kept-answers/index.ts sharedJson,
// the scopes the routes under app/api/restaurants and app/api/menu-items name): each answer is
// marked with the scopes it reads, so a write to one restaurant's menu throws away
// that restaurant's menu and dishes, not another's, nor the lists of restaurants. The host's
// registry is installed first, as server/ does before the app loads (without it nothing is marked).

setUpTestDatabase();
const registry = installKeptAnswers();

const manage = await import("@/lib/server/restaurants/manage");
const menu = await import("@/lib/server/menu/owner-menu");
const { db } = await import("@/lib/server/platform/db");
const { scopes } = await import("@/lib/server/platform/catalog-cache");
const { sharedJson, keptAnswersForTests } = await import("./index");
const restaurants = await import("@/lib/server/restaurants/restaurants");
const items = await import("@/lib/server/menu/menu-items");

// Each read as its route (app/api/...) answers it: the same data-layer call under the same scopes.
const reads = {
  restaurant: (id: number) => sharedJson(async () => ({ body: await restaurants.getRestaurant(id), until: null }), [scopes.restaurant(id)]),
  restaurants: (q?: string) => {
    const query = { limit: 20, offset: 0, q };
    return sharedJson(async () => ({ body: await restaurants.listRestaurants(query), until: null }), restaurants.restaurantListScopes(query));
  },
  menu: (restaurantId: number) => {
    const query = { restaurantId, limit: 20, offset: 0, q: undefined };
    return sharedJson(async () => ({ body: await items.listMenuItems(query), until: null }), items.menuItemsScopes(query));
  },
  dish: async (id: number) => sharedJson(async () => ({ body: await items.getMenuItem(id), until: null }), await items.dishScopes(id)),
};

async function shop(name: string) {
  const owner = await db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await manage.createRestaurant(owner, restaurantInput(name));
  const item = await menu.createMenuItem(owner, {
    restaurantId: restaurant.id,
    name: "Dumplings",
    description: "Six pork dumplings.",
    priceCents: 600,
    foodImage: "/images/food/chinese-fried-rice-arroz-chaufa.webp",
    foodType: "appetizer",
  });
  return { owner, restaurant, item };
}

/** The answer's mark, as the host reads it off the answer. */
async function markOf(path: string, answer: Promise<Response>) {
  const response = await answer;
  expect(response.status, path).toBe(200);
  const mark = response.headers.get(SHARED_HEADER);
  expect(mark, path).toBeTruthy();
  return { path, mark: mark! };
}
const stale = async (kept: { path: string; mark: string }[]) => {
  const verdicts = await Promise.all(kept.map(async ({ path, mark }) => ({ path, verdict: (await keptAnswersForTests.check(mark, path, undefined, false)).verdict })));
  return verdicts.filter(({ verdict }) => verdict === "stale").map(({ path }) => path);
};

describe("shared catalog JSON reads", () => {
  it("a dish's price throws away its restaurant's menu and the dish's answer only; a rename, the restaurant's and the lists", async () => {
    expect(registry.check).toBeTypeOf("function");
    const a = await shop("Json Noodles A");
    const b = await shop("Json Noodles B");
    const kept = async () => [
      await markOf(`/api/restaurants/${a.restaurant.id}`, reads.restaurant(a.restaurant.id)),
      await markOf("/api/restaurants", reads.restaurants()),
      await markOf(`/api/menu-items?restaurantId=${a.restaurant.id}`, reads.menu(a.restaurant.id)),
      await markOf(`/api/menu-items/${a.item.id}`, reads.dish(a.item.id)),
      await markOf(`/api/menu-items?restaurantId=${b.restaurant.id}`, reads.menu(b.restaurant.id)),
      await markOf(`/api/menu-items/${b.item.id}`, reads.dish(b.item.id)),
      await markOf("/api/restaurants?q=dumplings", reads.restaurants("dumplings")),
    ];
    let answers = await kept();
    expect(await stale(answers)).toEqual([]);
    await menu.updateMenuItem(b.owner, b.item.id, { priceCents: 650 });
    expect(await stale(answers)).toEqual([`/api/menu-items?restaurantId=${b.restaurant.id}`, `/api/menu-items/${b.item.id}`, "/api/restaurants?q=dumplings"]);

    answers = await kept();
    await manage.updateRestaurant(a.owner, a.restaurant.id, { name: "Json Noodles A2" });
    expect(await stale(answers)).toEqual([
      `/api/restaurants/${a.restaurant.id}`,
      "/api/restaurants",
      `/api/menu-items?restaurantId=${a.restaurant.id}`,
      `/api/menu-items/${a.item.id}`,
      "/api/restaurants?q=dumplings",
    ]);
  });
});
