import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { formatCents } from "@/lib/shared/money/money";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import type { Client } from "./api";
import { signUpCustomer } from "./api";

// Owners for the manage tests: each signs up fresh and creates its own restaurant and menu.
// Names start with "Zz" so they sort after the demo restaurants in the browse lists.

export type RestaurantJson = { id: number; ownerId: number; name: string; servicing: boolean; deliveryFee: number; closingTime: string } & OpeningHours &
  Record<string, unknown>;
export type ItemJson = { id: number; name: string; price: number; restaurantId: number; food_image: string; food_type: string } & Record<string, unknown>;

export const restaurantBody = (over: Record<string, unknown> = {}) => ({
  name: `Zz Test Kitchen ${randomUUID().slice(0, 6)}`,
  description: "Seasonal plates cooked to order every day.",
  address: "100 Market Street",
  city: "San Francisco",
  state: "CA",
  zip: "94105",
  cuisine_type: "American",
  price_level: "MODERATE",
  delivery_fee: 2.5,
  delivery_time: 30,
  business_hours: "11:00 AM - 10:00 PM",
  store_image: "/images/food/american-meatloaf.webp",
  ...over,
});

export const itemBody = (restaurantId: number, over: Record<string, unknown> = {}) => ({
  restaurant_id: restaurantId,
  name: "House Burger",
  description: "Grilled beef, cheddar and pickles.",
  price: 12.5,
  food_image: "https://example.com/burger.jpg",
  food_type: "entree",
  ...over,
});

export async function createRestaurant(client: Client, over: Record<string, unknown> = {}): Promise<RestaurantJson> {
  const response = await client.post("/api/restaurants/", restaurantBody(over));
  if (response.status() !== 201) throw new Error(`restaurant failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).restaurant;
}

export async function createItem(client: Client, restaurantId: number, over: Record<string, unknown> = {}): Promise<ItemJson> {
  const response = await client.post("/api/menu-items/", itemBody(restaurantId, over));
  if (response.status() !== 201) throw new Error(`menu item failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A dish's choices as the menu item JSON carries them. */
export type ChoicesJson = { optionGroups: { name: string; options: { id: number; name: string; priceDelta: number }[] }[] };

/** A $14 "Chicken plate" with a required Size (Regular, Large +$2) and a required Side (Fries, Salad +$1.50), as Hayes Street Kitchen's mains have, taking instructions. */
export async function createPlateWithChoices(client: Client, restaurantId: number): Promise<ItemJson & ChoicesJson> {
  const pick1 = (name: string, options: [string, number][]) => ({
    name,
    min_choices: 1,
    max_choices: 1,
    options: options.map(([n, delta]) => ({ name: n, price_delta: delta })),
  });
  const groups = [
    pick1("Size", [
      ["Regular", 0],
      ["Large", 2],
    ]),
    pick1("Side", [
      ["Fries", 0],
      ["Salad", 1.5],
    ]),
  ];
  return (await createItem(client, restaurantId, { name: "Chicken plate", price: 14, allows_instructions: true, option_groups: groups })) as ItemJson & ChoicesJson;
}

/** A fresh user who owns one restaurant with one dish on its menu. */
export async function signUpOwner(baseURL: string) {
  const signed = await signUpCustomer(baseURL);
  const restaurant = await createRestaurant(signed.client);
  const item = await createItem(signed.client, restaurant.id);
  return { ...signed, restaurant, item };
}

/** A replay of a kept catalog page: only the host's replays carry the paint-first loader (the render it kept went out as Next.js wrote it). */
export const replayed = (html: string) => html.includes("__noshScripts()");

/**
 * Kept catalog pages are thrown away by a write to what they show, not by any catalog write
 * (docs/architecture/catalog-and-caching.md "Scopes"): with `owner`'s and `elsewhere`'s restaurant
 * and dish pages kept by every one of `clients`' servers, `owner` changes their dish's price: both
 * its pages show it at once on every server, and `elsewhere`'s next answers are still replays.
 * A kept page is also dropped when any restaurant opens or closes (other tests' hours): a round
 * where that happened is tried again; were every catalog write to throw every kept page away, no
 * round would find `elsewhere`'s pages replayed right after the change.
 */
export async function expectPriceChangeScoped(owner: Awaited<ReturnType<typeof signUpOwner>>, elsewhere: Awaited<ReturnType<typeof signUpOwner>>, clients: Client[]) {
  const edited = [`/restaurants/${owner.restaurant.id}`, `/menu-items/${owner.item.id}`];
  const untouched = [`/restaurants/${elsewhere.restaurant.id}`, `/menu-items/${elsewhere.item.id}`];
  let keptThrough = 0;
  for (let round = 1; round <= 5 && !keptThrough; round++) {
    for (const [server, client] of clients.entries())
      for (const path of [...edited, ...untouched]) {
        let html = await (await client.get(path)).text();
        for (let attempt = 0; attempt < 10 && !replayed(html); attempt++) html = await (await client.get(path)).text();
        expect(replayed(html), `${path} kept by server ${server}`).toBe(true);
      }
    const priceCents = Math.round(owner.item.price * 100) + 100 + round;
    expect((await owner.client.put(`/api/menu-items/${owner.item.id}`, { price: priceCents / 100 })).status()).toBe(200);
    const untouchedReplayed: boolean[] = [];
    for (const [server, client] of clients.entries()) {
      for (const path of untouched) untouchedReplayed.push(replayed(await (await client.get(path)).text()));
      for (const path of edited) expect(await (await client.get(path)).text(), `${path} on server ${server}`).toContain(formatCents(priceCents));
    }
    if (untouchedReplayed.every(Boolean)) keptThrough = round;
  }
  expect(keptThrough, "rounds until the untouched pages were replayed through a price change").toBeGreaterThan(0);
}
