import { expect, type Page } from "@playwright/test";
import { uniqueEmail } from "./api";
import { standardWallet } from "./orders";
import type { signUpOwner } from "./owner";

// The review journeys' customer: signed up and ordering through the page's own cookie jar.

export type Shop = Awaited<ReturnType<typeof signUpOwner>>;

/** The anti-forgery header for calls made with the page's cookies. */
export async function xsrf(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value;
  return { "XSRF-Token": decodeURIComponent(token!) };
}

export async function signUpInPage(page: Page, name = "Rita Reviewer") {
  await page.request.get("/api/auth/");
  const response = await page.request.post("/api/auth/signup", { data: { name, credential: uniqueEmail("review"), password: "correct horse" }, headers: await xsrf(page) });
  expect(response.status()).toBe(201);
}

export async function placeOrder(page: Page, shop: Shop, submit = true): Promise<number> {
  const headers = await xsrf(page);
  const created = await page.request.post("/api/orders/", { data: { restaurant_id: shop.restaurant.id, items: [{ menu_item_id: shop.item.id, quantity: 1 }] }, headers });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  if (submit) expect((await page.request.put(`/api/orders/${id}/submit`, { data: standardWallet, headers })).ok()).toBe(true);
  return id;
}

export const reviewsUrl = (shop: Shop, orderId?: number) =>
  `/reviews/restaurant/${shop.restaurant.id}?${new URLSearchParams({ ...(orderId ? { orderId: String(orderId) } : {}), restaurantName: shop.restaurant.name })}`;

export const summary = (page: Page) => page.getByRole("region", { name: "Rating summary" });
export const form = (page: Page) => page.getByRole("region", { name: "Rate your order" });
export const cards = (page: Page) => page.getByRole("article");
