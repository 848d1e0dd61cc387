import type { Page } from "@playwright/test";
import { pageClient, signUp } from "./api";
import { createOrder, submitOrder } from "./orders";
import { xsrfHeaders } from "./xsrf";
import type { signUpOwner } from "./owner";

// The review journeys' customer: signed up and ordering through the page's own cookie jar.

export type Shop = Awaited<ReturnType<typeof signUpOwner>>;

/** The anti-forgery header for calls made with the page's cookies. */
export const xsrf = (page: Page) => xsrfHeaders(page.context());

export async function signUpInPage(page: Page, name = "Rita Reviewer") {
  await signUp(await pageClient(page), { name, password: "correct horse" }, "review");
}

/** An order of one of the shop's dish from the page's customer, submitted (wallet) unless `submit` is false. */
export async function placeOrder(page: Page, shop: Shop, submit = true): Promise<number> {
  const client = await pageClient(page);
  const { id } = await createOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
  if (submit) await submitOrder(client, id);
  return id;
}

export const reviewsUrl = (shop: Shop, orderId?: number) =>
  `/reviews/restaurant/${shop.restaurant.id}?${new URLSearchParams({ ...(orderId ? { orderId: String(orderId) } : {}), restaurantName: shop.restaurant.name })}`;

export const summary = (page: Page) => page.getByRole("region", { name: "Rating summary" });
export const form = (page: Page) => page.getByRole("region", { name: "Rate your order" });
export const cards = (page: Page) => page.getByRole("article");
