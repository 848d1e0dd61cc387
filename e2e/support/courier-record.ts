import { expect } from "@playwright/test";
import type { Client } from "./api";
import { plantJob, write } from "./couriers";
import { placeOrder } from "./orders";

// A courier's record (docs/architecture/courier-screens.md "Record"): the set-ups its API and journey specs share.

/** An approved courier, as an operator's approval leaves them. */
export const approveCourier = (userId: number) => write((query) => query(`UPDATE "User" SET "courier" = true, "courierStatus" = 'approved' WHERE "id" = ?`, [userId]));

/** A suspended courier, as a suspension leaves them (the pagination world's appeals). */
export const suspendCourier = (userId: number) => write((query) => query(`UPDATE "User" SET "courier" = false, "courierStatus" = 'suspended' WHERE "id" = ?`, [userId]));

/** One of `customer`'s orders at the restaurant, picked up by the courier and marked failed by them (the record counts it at once). */
export async function failedDelivery(customer: Client, restaurant: { restaurantId: number; itemId: number }, courier: { client: Client; id: number }) {
  const { id: orderId } = await placeOrder(customer, restaurant);
  const jobId = await plantJob(orderId, courier.id, "picked_up");
  expect((await courier.client.post(`/api/courier/jobs/${jobId}/failed`, { reason: "unreachable" })).status()).toBe(200);
}
