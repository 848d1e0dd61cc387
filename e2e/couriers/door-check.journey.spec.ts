import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { makeCourier, northOf, ownSpot, placeCustomer, placeRestaurant, rideTo } from "../support/couriers";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { expectAccessible, shoot } from "../support/pages";

// The door check agrees with the card (docs/architecture/stops-and-messages.md "Steps at a stop"):
// the courier's phone stands 10 m from the door and the card says so, while the last position the
// server took is 1.2 km back (the phone's location jumped: its report that far in seconds is
// dropped as too fast). "Delivered" sends the fix the card measures from, so the server checks
// the same position: delivered and paid, with no "Mark delivered anyway".

test("at the door by the phone's fix, the server's last report 1.2 km back: Delivered goes through with no 'anyway'", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const spot = ownSpot();
  const owner = await signUpOwner(baseURL!);
  await placeRestaurant(owner.restaurant.id, spot);
  const customer = await signUpCustomer(baseURL!, { name: "Tess Door" });
  const door = northOf(spot, 2);
  await placeCustomer(customer.user.id, door);
  const courier = await signUpCustomer(baseURL!, { name: "Kofi Door" });
  await makeCourier(courier.user.id);
  expect((await courier.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  await rideTo(courier.user.id, spot);

  // An order, accepted, given to Kofi by hand, collected at the restaurant.
  const created = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  const orderId = ((await created.json()) as { id: number }).id;
  expect((await customer.client.put(`/api/orders/${orderId}/submit`, standardWallet)).status()).toBe(200);
  const stage = (body: Record<string, unknown>) => owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/stage`, body);
  expect((await stage({ stage: "accepted", prepMinutes: 10 })).status()).toBe(200);
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/assign`, { courierId: courier.user.id })).status()).toBe(200);
  const { jobs } = (await (await courier.client.get("/api/courier/jobs")).json()) as { jobs: { id: number; pay: number }[] };
  const job = jobs[0]!;
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/arrived`, {})).status()).toBe(200);
  expect((await stage({ stage: "ready" })).status()).toBe(200);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/picked-up`, {})).status()).toBe(200);

  // The last position the server took: 1.2 km back, a moment ago. Then Kofi's phone finds itself
  // 10 m from Tess's door: its report is dropped (1.2 km in seconds is no ride), the card follows the phone.
  const back = northOf(spot, 0.8);
  await rideTo(courier.user.id, back);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await courier.client.ctx.storageState() });
  await context.grantPermissions(["geolocation"], { origin: baseURL });
  const atDoor = northOf(door, -0.01);
  await context.setGeolocation({ latitude: atDoor.lat, longitude: atDoor.lng, accuracy: 8 });
  const app = await context.newPage();
  await app.goto("/courier");
  await expect(app.getByRole("heading", { name: "To the customer: Tess" })).toBeVisible();
  await expect(app.getByTestId("job-distance")).toHaveText(/· 10 m away$/);

  const position = ((await (await courier.client.get("/api/courier")).json()) as { courier: { position: { lat: number } } }).courier.position;
  expect(position.lat).toBeCloseTo(back.lat, 5);
  await expectAccessible(app, "courier app at the door");
  await shoot(app, "courier-at-the-door");

  await app.getByRole("button", { name: "Delivered", exact: true }).click();
  await app.getByRole("group", { name: "Handed to Tess?" }).getByRole("button", { name: "Yes, handed over" }).click();
  await expect(app.getByTestId("courier-notice")).toHaveText(`Delivered. $${job.pay.toFixed(2)} is in your earnings.`);
  await expect(app.getByRole("button", { name: /anyway$/ })).toHaveCount(0);
  expect(((await (await courier.client.get("/api/courier")).json()) as { today: { deliveries: number } }).today.deliveries).toBe(1);
  const order = (await (await customer.client.get(`/api/orders/${orderId}`)).json()) as { stage: string };
  expect(order.stage).toBe("delivered");
  await context.close();
  await Promise.all([owner.client, customer.client, courier.client].map((client) => client.dispose()));
});
