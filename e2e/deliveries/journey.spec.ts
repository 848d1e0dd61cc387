import { expect, test } from "../fixtures";
import { northOf, rideTo } from "../support/couriers";
import { expectAccessible, shoot } from "../support/pages";
import { bearer, courierAt, keyOf, offeredJob, placedOwner } from "./support";

// The public tracking page of a delivery-only request (docs/architecture/api-keys.md "Delivery
// only") in the browser, with no account: finding a courier, then the courier's name and the map
// once one accepts, the ride once picked up, and the steps in the restaurant's time zone;
// accessible and laid out at 390 and 1280 px.

test("the tracking link shows the courier's progress to someone with no account", async ({ page, baseURL }) => {
  test.slow(); // accessibility scans and screenshots at two widths
  const { owner, spot, quoteBody } = await placedOwner(baseURL!);
  const id = owner.restaurant.id;
  const courier = await courierAt(baseURL!, northOf(spot, 0.3));
  const pos = await bearer(baseURL!, (await keyOf(owner, ["deliveries"])).key);
  const quote = await (await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: quoteBody })).json();
  const delivery = await (await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId } })).json();
  const path = new URL(delivery.trackingUrl).pathname;

  await page.goto(path);
  await expect(page.getByRole("heading", { name: `Your delivery from ${owner.restaurant.name}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("track-status")).toHaveText("Finding a courier");
  await expect(page.getByText("For Rosa · Fairbanks, AK 99701")).toBeVisible();
  await expect(page.getByText("Courier requested")).toBeVisible();
  await expectAccessible(page, "tracking, finding a courier");

  const job = await offeredJob(courier, delivery.orderId);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/accept`)).status()).toBe(200);
  await rideTo(courier.user.id, spot);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/arrived`)).status()).toBe(200);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/picked-up`, { handedOver: true })).status()).toBe(200);
  await rideTo(courier.user.id, northOf(spot, 1));
  // A report a second at most (the last of the ride may be under a second old): sent again on a 429.
  await expect.poll(async () => (await courier.client.post("/api/courier/position", { ...northOf(spot, 1.1), accuracy: 8 })).status(), { timeout: 5_000 }).toBe(200);

  await page.reload();
  await expect(page.getByTestId("track-status")).toHaveText("On the way to you");
  await expect(page.getByRole("heading", { name: "Your courier: Test" })).toBeVisible();
  await expect(page.getByText(/^Arriving /)).toBeVisible();
  await expect(page.getByText("Picked up", { exact: true })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Birch");
  await expectAccessible(page, "tracking, on the way");
  await shoot(page, "delivery-tracking");
  await pos.dispose();
});
