import { expect, test, type Page } from "../fixtures";
import { alertWith, cartButton, expectAccessible, fillCart, shoot } from "../support/pages";

// A guest's address (docs/architecture/places.md "A guest's address"), in the browser at a phone's
// width: the address a signed-out visitor searched, at checkout as a guest, is placed by the
// geocoder; one it finds only at its ZIP's centre gets the signed-in customer's pin-ask, the pin is
// kept in this browser and the order (and the guest account) goes to it; one it knows goes to its
// building, its pin still movable. Screenshots at 390 and 1280 px (SCREENSHOT_DIR).

test.describe.configure({ timeout: 90_000 });

const RESTAURANT = 3;
/** A street the offline geocoder does not know: only 94103's centre. */
const OTIS = "77 Otis St, San Francisco, CA 94103";
const VALENCIA = "41 Valencia St, San Francisco, CA 94103";
const PIN_ASK = "We only know this address's ZIP code, so your courier could be sent to the wrong street. Place its pin on your door.";
const PIN_NEEDED = "We could only find this address's ZIP code. Place the pin on your door on the map, then save";

/** Searches `address` on the landing page signed out, continues as a guest and opens checkout with a cart of restaurant 3. */
async function guestAtCheckout(page: Page, address: string): Promise<number> {
  await page.goto("/");
  await page.getByLabel("Delivery address").fill(address);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/\/home\?address=/);
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL("**/home");
  await fillCart(page, RESTAURANT);
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(page.getByLabel("Delivery address")).toHaveValue(address);
  return page.evaluate(() => (JSON.parse(localStorage.getItem("currentOrder") ?? "null") as { id: number }).id);
}

async function placeOrder(page: Page) {
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(alertWith(page, "Your food will arrive soon!")).toBeVisible();
  await page.waitForURL(/\/orders$/);
}

test("a guest's address found only at its ZIP's centre: checkout warns and asks for the pin, and the order goes to the pin", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const orderId = await guestAtCheckout(page, OTIS);
  const centre = await (await page.request.get(`/api/search/locate?address=${encodeURIComponent(OTIS)}`)).json();
  expect(centre).toMatchObject({ precision: "zip" });

  const ask = page.getByTestId("pin-ask");
  await expect(ask).toContainText(PIN_ASK);
  await expectAccessible(page, "guest checkout pin ask");
  await shoot(page, "guest-checkout-pin-ask");

  await ask.getByRole("button", { name: "Place the pin" }).click();
  const dialog = page.getByRole("dialog", { name: "Place the pin" });
  await expect(dialog.getByRole("status").filter({ hasText: PIN_NEEDED })).toBeVisible();
  const pin = dialog.getByRole("button", { name: "Delivery pin" });
  await pin.focus();
  for (const key of ["Shift+ArrowUp", "Shift+ArrowRight", "ArrowUp"]) await page.keyboard.press(key);
  await expect(dialog.getByText(/^The pin (moved|is where)/)).toContainText("The pin moved");
  await shoot(page, "guest-pin-dialog");
  await dialog.getByRole("button", { name: "Save with this pin" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("pin-ask")).toHaveCount(0);
  await expect(page.getByTestId("guest-pin")).toContainText("Pin placed on the map");
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("deliveryAddressPin") ?? "null") as { line: string; lat: number; lng: number });
  // Kept for the line as the order sends it ("ADDRESS, CITY, STATE, ZIP").
  expect(kept).toMatchObject({ line: "77 Otis St, San Francisco, CA, 94103" });
  expect(Math.abs(kept.lat - centre.lat) + Math.abs(kept.lng - centre.lng)).toBeGreaterThan(0.0005);
  await shoot(page, "guest-checkout-pinned");

  await placeOrder(page);
  const placed = await (await page.request.get(`/api/orders/${orderId}`)).json();
  expect(placed).toMatchObject({ status: "Submitted", deliveryAddress: { address: "77 Otis St", zip: "94103", lat: kept.lat, lng: kept.lng } });
  // Kept on the guest account.
  expect(await (await page.request.get("/api/auth/")).json()).toMatchObject({ guestAccount: true, address: "77 Otis St", lat: kept.lat, lng: kept.lng });
});

test("a guest's address the geocoder knows goes to its building, and checkout says it was found on the map", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const orderId = await guestAtCheckout(page, VALENCIA);
  const found = page.getByTestId("guest-pin");
  await expect(found).toContainText("Found on the map: your courier comes to its pin.");
  await expect(page.getByTestId("pin-ask")).toHaveCount(0);
  await expect(found.getByRole("button", { name: "Move the pin" })).toBeVisible();
  await shoot(page, "guest-checkout-found");
  await placeOrder(page);
  const placed = await (await page.request.get(`/api/orders/${orderId}`)).json();
  // 41 Valencia Street's building (the offline geocoder's table), not 94103's centre 0.7 km away.
  expect(placed.deliveryAddress).toMatchObject({ address: "41 Valencia St", lat: 37.7718, lng: -122.4225 });
});
