import { randomUUID } from "node:crypto";
import type { OpeningHours } from "@/lib/shared/opening-hours";
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

/** A fresh user who owns one restaurant with one dish on its menu. */
export async function signUpOwner(baseURL: string) {
  const signed = await signUpCustomer(baseURL);
  const restaurant = await createRestaurant(signed.client);
  const item = await createItem(signed.client, restaurant.id);
  return { ...signed, restaurant, item };
}
