import { expect, test, type Page } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { deliverOrder, placeOrder } from "../support/orders";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// The arrival quoted before ordering, as a customer and an owner see it
// (docs/architecture/order-stages.md "The arrival quoted before ordering"): the restaurant page
// quotes the customer's address and shows the on-time record only from its 20th delivery with a
// promise; /home?address= quotes each card; the owner's insights show the calibration.

test.describe.configure({ timeout: 180_000 });

/** The browser takes the fixture's signed-in session (its cookies), as the insights journey does. */
async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}

test("the on-time record appears from the 20th delivery; the cards and the restaurant quote the address; insights show the calibration", async ({
  page,
  browser,
  baseURL,
  owner,
}) => {
  const { client: customer, user } = await signUpCustomer(baseURL!);
  expect((await customer.put(`/api/users/${user.id}`, { address: "200 Mission St", city: "San Francisco", state: "CA", zip: "94105" })).status()).toBe(200);
  const deliverOne = async () => {
    const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 1 });
    await deliverOrder(owner.client, owner.restaurant.id, order.id);
  };
  for (let i = 0; i < 19; i++) await deliverOne();

  await signUpInBrowser(page);
  const restaurantPage = `/restaurants/${owner.restaurant.id}`;
  await page.goto(restaurantPage);
  const quote = (await (await page.request.get(`/api/restaurants/${owner.restaurant.id}/arrival`)).json()).arrival;
  expect(quote.addressKnown).toBe(true);
  await expect(page.getByTestId("arrival-estimate")).toHaveText(quote.standard.text);
  await expect(page.getByTestId("on-time")).toHaveCount(0);

  await deliverOne();
  await page.reload();
  await expect(page.getByTestId("on-time")).toHaveText("On time 100% of the last 20");
  await expectAccessible(page, "restaurant page with its on-time record");
  await shoot(page, "arrival-restaurant");

  // The cards near an address searched on /home: each quoted to it (the nearest one checked against the API).
  const address = "200 Mission St, San Francisco, CA 94105";
  await page.goto(`/home?address=${encodeURIComponent(address)}`);
  const first = page
    .getByRole("region", { name: /^Delivering now to/ })
    .getByRole("article")
    .first();
  const id = Number((await first.getByRole("link").first().getAttribute("href"))!.split("/").pop());
  const cards = (await (await page.request.get(`/api/restaurants/arrivals?ids=${id}&address=${encodeURIComponent(address)}`)).json()).quotes;
  await expect(first).toContainText(cards[0].standard.text);
  await shoot(page, "arrival-home");

  const ownerPage = await (await browser.newContext()).newPage();
  await logIn(ownerPage, owner.client);
  await ownerPage.goto(`/restaurants/${owner.restaurant.id}/insights`);
  const calibration = ownerPage.getByRole("region", { name: "Arrival promised and kept" });
  // Delivered the moment they were placed: all 20 early (on time for the record: by the end of the range).
  await expect(calibration).toContainText("0% of 20 deliveries arrived inside the range promised at checkout; 100% early, 0% late.");
  await expect(calibration.getByRole("table", { name: "Promised range against actual arrival" })).toContainText(quote.standard.text);
  await expectAccessible(ownerPage, "insights with the arrival calibration");
  await shoot(ownerPage, "arrival-insights");
  await ownerPage.context().close();
});
