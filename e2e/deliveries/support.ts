import { request as playwrightRequest } from "@playwright/test";
import { expect } from "../fixtures";
import { checked, signUpCustomer } from "../support/api";
import { makeCourier, northOf, ownSpot, placeRestaurant, write, type Point } from "../support/couriers";
import { signUpOwner } from "../support/owner";

// Delivery only (docs/architecture/api-keys.md "Delivery only") for the API and journey specs: an
// owner's restaurant in a spot of its own with a key of the scopes asked, a courier on shift
// beside it, and the drop-off 2 km north.

/** A bare request context sending only `Authorization: Bearer <key>` (no cookie, no XSRF header), its answers checked against the contract. */
export async function bearer(baseURL: string, key: string) {
  return checked(await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } }));
}

export async function keyOf(owner: Awaited<ReturnType<typeof signUpOwner>>, scopes: string[]): Promise<{ id: number; key: string }> {
  const made = await owner.client.post(`/api/manage/${owner.restaurant.id}/api-keys`, { name: `POS ${scopes.join(" ")}`, scopes });
  expect(made.status(), await made.text()).toBe(201);
  const { apiKey, key } = await made.json();
  return { id: apiKey.id, key };
}

export async function courierAt(baseURL: string, at: Point) {
  const signed = await signUpCustomer(baseURL);
  await makeCourier(signed.user.id);
  expect((await signed.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  expect((await signed.client.post("/api/courier/position", { lat: at.lat, lng: at.lng, accuracy: 8 })).status()).toBe(200);
  return signed;
}

/** An owner whose restaurant stands at a spot of its own, and the body of a quote to 2 km north of it. */
export async function placedOwner(baseURL: string) {
  const spot = ownSpot();
  const owner = await signUpOwner(baseURL);
  await placeRestaurant(owner.restaurant.id, spot);
  const dropoffAt = northOf(spot, 2);
  const quoteBody = {
    dropoff: { name: "Rosa Diaz", phone: "9075550123", street: "5 Birch Ln", city: "Fairbanks", state: "AK", zip: "99701", notes: "Blue door", location: dropoffAt },
    orderValue: 31.5,
    reference: "POS-77",
    tip: 2,
  };
  return { owner, spot, dropoffAt, quoteBody };
}

/**
 * The courier's offer of the delivery's order, made at once by the accept (which writes the free
 * couriers' waiting positions first: lib/server/dispatch/position-batch.ts), read as soon as it shows.
 */
export async function offeredJob(courier: Awaited<ReturnType<typeof courierAt>>, orderId: number) {
  let found: { id: number; orderId: number; state: string } | undefined;
  await expect
    .poll(
      async () => {
        const { jobs } = await (await courier.client.get("/api/courier/jobs")).json();
        found = jobs.find((j: { orderId: number }) => j.orderId === orderId);
        return found?.state;
      },
      { timeout: 10_000 },
    )
    .toBe("offered");
  return found!;
}

/** The newest card payment of the delivery's order as the servers' database holds it (docs/architecture/api-keys.md "Paying for a delivery"), and what the ledger took from outside for it. */
export async function cardPaymentOf(orderId: number) {
  return write(async (query) => {
    const [row] = await query(`SELECT "state", "capturedCents", "refundedCents" FROM "Payment" WHERE "orderId" = ? ORDER BY "id" DESC LIMIT 1`, [orderId]);
    const [external] = await query(
      `SELECT COALESCE(SUM(l."amountCents"), 0) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."orderId" = ? AND e."kind" = 'payment' AND l."account" = 'external'`,
      [orderId],
    );
    return { state: row?.state ?? null, captured: Number(row?.capturedCents ?? 0), refunded: Number(row?.refundedCents ?? 0), cameIn: -Number(external?.cents ?? 0) };
  });
}
