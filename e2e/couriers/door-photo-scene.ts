import { expect } from "@playwright/test";
import sharp from "sharp";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier, ownSpot, PLANTED_DROPOFF, placeRestaurant, plantJob, saveAddressAt } from "../support/couriers";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";

// The building's photo's scene, for its API spec and its journey: a customer's saved address where
// a first courier left an order at the door with its photo, and a second courier holding the next
// order there, on the way.

export const door = async () => ({
  name: "door.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3b6e8f" } })
    .jpeg()
    .toBuffer(),
});

export const delivered = async (client: Client, jobId: number) =>
  client.ctx.post(`/api/courier/jobs/${jobId}/delivered`, { multipart: { data: "{}", photo: await door() }, headers: { "XSRF-Token": await client.xsrf() } });

export async function leftAtDoor(owner: Awaited<ReturnType<typeof signUpOwner>>, customer: Client): Promise<number> {
  const created = await (await customer.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] })).json();
  const submitted = await customer.put(`/api/orders/${created.id}/submit`, { ...standardWallet, dropoff: "leave_at_door" });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return created.id as number;
}

export async function newCourier(baseURL: string) {
  const courier = await signUpCustomer(baseURL);
  await makeCourier(courier.user.id);
  return courier;
}

export const heldDropoff = async (courier: Client, jobId: number) =>
  ((await (await courier.get("/api/courier/jobs")).json()).jobs as { id: number; dropoff: { doorPhotoUrl?: string | null } }[]).find((job) => job.id === jobId)?.dropoff;

/** The scene: the first delivery done (its photo kept on `home`), the second job picked up. */
export async function doorPhotoScene(baseURL: string) {
  const owner = await signUpOwner(baseURL);
  await placeRestaurant(owner.restaurant.id, ownSpot());
  const customer = await signUpCustomer(baseURL);
  const home = await saveAddressAt(customer.user.id, PLANTED_DROPOFF);
  const first = await newCourier(baseURL);
  const firstJob = await plantJob(await leftAtDoor(owner, customer.client), first.user.id, "picked_up");
  expect(await heldDropoff(first.client, firstJob)).toMatchObject({ doorPhotoUrl: null });
  expect((await delivered(first.client, firstJob)).status()).toBe(200);
  const second = await newCourier(baseURL);
  const secondJob = await plantJob(await leftAtDoor(owner, customer.client), second.user.id, "picked_up");
  return { owner, customer, home, first, second, secondJob };
}
