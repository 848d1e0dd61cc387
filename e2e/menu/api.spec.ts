import { expect, test } from "../fixtures";
import { MENU_ITEM_SAID } from "@/lib/contract/menu/rules";
import { signUpCustomer } from "../support/api";
import { createOrder } from "../support/orders";
import { createItem, itemBody } from "../support/owner";
import { buttonsOf, shownTextOf, textOf } from "../support/html";
import { formatClockTime } from "@/lib/shared/time/format-date";
import { wallClock } from "@/lib/shared/time/zone-clock";
import { englishTable } from "@/lib/contract/testing/in-english";

// The rules' messages as the API answers them in English.
const M = englishTable(MENU_ITEM_SAID);

test.describe("POST /api/menu-items/", () => {
  test("the owner adds a dish; it tops the owner's menu", async ({ owner: { client, user, restaurant, item: first } }) => {
    const response = await client.post(
      "/api/menu-items/",
      itemBody(restaurant.id, { name: "Milkshake", price: 5.25, food_type: "beverage", food_image: "/images/food/beverage-banana-milkshake.webp" }),
    );
    expect(response.status()).toBe(201);
    const item = await response.json();
    expect(item).toMatchObject({
      name: "Milkshake",
      price: 5.25,
      food_type: "beverage",
      food_image: "/images/food/beverage-banana-milkshake.webp",
      restaurantId: restaurant.id,
      restaurant_name: restaurant.name,
      restaurant_owner_id: user.id,
      likes: [],
    });
    const { menu_items } = await (await client.get(`/api/manage/${restaurant.id}/menu`)).json();
    expect(menu_items.map((i: { id: number }) => i.id)).toEqual([item.id, first.id]);
    expect((await client.get(`/api/menu-items/${item.id}`)).status()).toBe(200);
  });

  test("a new dish's name may hold digits and symbols: letters and spaces only is the update's rule", async ({ owner: { client, restaurant } }) => {
    for (const name of ["Fish & Chips #2", "Combo 2", "Chef's Special (Large)"]) {
      const response = await client.post("/api/menu-items/", itemBody(restaurant.id, { name }));
      expect(response.status(), name).toBe(201);
      expect((await response.json()).name).toBe(name);
    }
  });

  const rules: [string, unknown[], string, string][] = [
    ["restaurant_id", [undefined, 0, "abc"], "restaurantId", M.restaurantRequired],
    ["name", ["", "  "], "name", M.nameRequired],
    ["description", ["Yum", ""], "description", M.descriptionShort],
    ["price", [0, -2], "price", M.pricePositive],
    ["price", ["12.50", "free", true], "price", M.priceNumber],
    ["price", [null, undefined], "price", M.priceRequired],
    ["food_image", ["burger.jpg", "ftp://example.com/b.jpg", "javascript:alert(1)"], "foodImage", M.image],
    ["food_type", ["snack", "", "Entree"], "foodType", M.foodType],
  ];
  for (const [field, values, key, message] of rules) {
    test(`${field}: ${message}`, async ({ owner: { client, restaurant } }) => {
      for (const value of values) {
        const response = await client.post("/api/menu-items/", itemBody(restaurant.id, { [field]: value }));
        expect(response.status(), `${field}=${JSON.stringify(value)}`).toBe(400);
        expect((await response.json()).errors[key], `${field}=${JSON.stringify(value)}`).toBe(message);
      }
      expect((await (await client.get(`/api/manage/${restaurant.id}/menu`)).json()).menu_items).toHaveLength(1);
    });
  }
});

test("GET /api/manage/{id}/menu: the whole menu without a limit, past 100 dishes; a page says whether more follow", async ({ owner: { client, restaurant } }) => {
  for (let batch = 0; batch < 10; batch++) {
    await Promise.all(Array.from({ length: 10 }, (_, n) => createItem(client, restaurant.id, { name: `Dish ${batch * 10 + n}` })));
  }
  const read = async (query = "") =>
    (await (await client.get(`/api/manage/${restaurant.id}/menu${query}`)).json()) as { menu_items: { id: number }[]; hasMore: boolean; nextOffset: number | null };
  const whole = await read();
  expect(whole.menu_items).toHaveLength(101);
  expect(whole).toMatchObject({ hasMore: false, nextOffset: null });
  const first = await read("?limit=100");
  expect(first.menu_items).toHaveLength(100);
  expect(first).toMatchObject({ hasMore: true, nextOffset: 100 });
  const last = await read(`?limit=100&offset=${first.nextOffset}`);
  expect(last).toMatchObject({ menu_items: [whole.menu_items[100]], hasMore: false, nextOffset: null });
});

test.describe("PUT /api/menu-items/{id}", () => {
  test("the owner updates the fields sent; ftp image URLs are accepted", async ({ owner: { client, item } }) => {
    const response = await client.put(`/api/menu-items/${item.id}`, { name: "Crème Brûlée", price: 7, food_image: "ftp://example.com/creme.jpg", restaurant_id: 1 });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Crème Brûlée",
      price: 7,
      food_image: "ftp://example.com/creme.jpg",
      description: item.description,
      restaurantId: item.restaurantId,
    });
  });

  const rules: [string, unknown[], string, string][] = [
    ["name", ["Fish & Chips", "Combo 2"], "name", M.nameLetters],
    ["description", ["abc"], "description", M.descriptionShort],
    ["price", [0, -1], "price", M.pricePositive],
    ["price", ["ten", "7"], "price", M.priceNumber],
    ["food_image", ["mailto:chef@example.com", "www.example.com/a.jpg"], "foodImage", M.imageScheme],
  ];
  for (const [field, values, key, message] of rules) {
    test(`${field}: ${message}`, async ({ owner: { client, item } }) => {
      for (const value of values) {
        const response = await client.put(`/api/menu-items/${item.id}`, { [field]: value });
        expect(response.status(), `${field}=${JSON.stringify(value)}`).toBe(400);
        expect((await response.json()).errors[key]).toBe(message);
      }
      expect(await (await client.get(`/api/menu-items/${item.id}`)).json()).toMatchObject({ name: item.name, price: item.price, food_image: item.food_image });
    });
  }
});

test.describe("DELETE /api/menu-items/{id}", () => {
  test("the dish leaves the menu while past order lines keep its name and price", async ({ baseURL, owner: { client: owner, restaurant, item } }) => {
    const spare = await createItem(owner, restaurant.id, { name: "Side Salad", price: 4 });
    const { client: customer } = await signUpCustomer(baseURL!);
    const order = await createOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 3 });

    const response = await owner.del(`/api/menu-items/${item.id}`);
    expect(response.status()).toBe(200);
    expect((await owner.get(`/api/menu-items/${item.id}`)).status()).toBe(404);
    expect((await (await owner.get(`/api/manage/${restaurant.id}/menu`)).json()).menu_items.map((i: { id: number }) => i.id)).toEqual([spare.id]);
    const kept = await (await customer.get(`/api/orders/${order.id}`)).json();
    expect(kept.orderItems).toEqual([expect.objectContaining({ menu_item_id: null, menu_item_name: "House Burger", price: 12.5, quantity: 3 })]);
    expect((await owner.del(`/api/menu-items/${item.id}`)).status()).toBe(404);
  });
});

test.describe("GET /menu-items/{id} (the dish page)", () => {
  test("outside its section's window the disabled Add says when it opens, not that the restaurant takes no orders", async ({ owner: { client, restaurant, item } }) => {
    // A one-hour window starting two hours from now in the restaurant's zone: never open now.
    const hour = wallClock(new Date(), restaurant.timeZone).hour;
    const at = (h: number) => `${String(h % 24).padStart(2, "0")}:00`;
    const window = { availableFrom: at(hour + 2), availableUntil: at(hour + 3) };
    const created = await client.post(`/api/manage/${restaurant.id}/sections`, { name: "Later specials", ...window });
    expect(created.status()).toBe(201);
    const { section } = (await created.json()) as { section: { id: number } };
    expect((await client.put(`/api/manage/${restaurant.id}/sections/${section.id}/dishes`, { menuItemIds: [item.id] })).status()).toBe(200);
    const html = await (await client.get(`/menu-items/${item.id}`)).text();
    expect(textOf(html)).toContain(`Available ${formatClockTime(window.availableFrom)} - ${formatClockTime(window.availableUntil)}`);
    expect(buttonsOf(html)).toContain(`Available from ${formatClockTime(window.availableFrom)}`);
    // Shown nowhere (the page's words for the client ride in its scripts' payload: not shown).
    expect(shownTextOf(html)).not.toContain("Not taking orders");
  });
});

// docs/architecture/allergens.md: the menu's card tells everyone what a dish may contain, as the dish page does (not only a saved allergy's warning).
test("a dish's 'may contain' allergens show on the restaurant page's card to an anonymous visitor", async ({ owner: { client, restaurant }, request }) => {
  await createItem(client, restaurant.id, { name: "Sesame noodles", allergens: ["gluten"], mayContain: ["sesame", "tree-nuts"] });
  // The cards: what follows each <article (the page's head names the dish too, in its JSON-LD).
  const cards = (await (await request.get(`/restaurants/${restaurant.id}`)).text()).split("<article").slice(1);
  const card = cards.find((part) => part.includes("Sesame noodles"))!;
  expect(textOf(card)).toContain("Contains gluten");
  expect(textOf(card)).toContain("May contain tree nuts, sesame");
});
