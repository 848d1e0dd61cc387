import { expect, test } from "../fixtures";
import { cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";

// The pin an address at its ZIP's centre needs (docs/architecture/places.md "The geocoder"), in
// the browser at a phone's width: the address book asks for the pin of an address the geocoder
// finds only at its ZIP's centre (the map opens there, the reason beside it) and saves it with the
// pin; the spec's profile address, at its ZIP's centre, is marked in the book, and checkout asks
// for its pin beside "Deliver to" and takes it there. Screenshots at 390 and 1280 px (SCREENSHOT_DIR).

test.describe.configure({ timeout: 90_000 });

const RESTAURANT = 3;
const PIN_NEEDED = "We could only find this address's ZIP code. Place the pin on your door on the map, then save";
const PIN_ASK = "We only know this address's ZIP code, so your courier could be sent to the wrong street. Place its pin on your door.";

test("an address found only at its ZIP's centre is saved with its pin from the address book, and checkout asks for the pin of one that has none", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  // The spec's address (PUT /api/users/{id}): a Market Street number the offline geocoder does not know.
  await signUpInBrowser(page);
  await page.goto("/account");
  const book = page.getByRole("region", { name: "Saved addresses" });
  const home = book.getByTestId("saved-address").filter({ hasText: "Home" });
  await expect(home).toContainText("Only its ZIP code was found: place its pin before ordering to it");

  await book.getByRole("button", { name: "Add address" }).click();
  let dialog = page.getByRole("dialog", { name: "Add an address" });
  await dialog.getByLabel("Label").selectOption("Work");
  await dialog.getByLabel("Address", { exact: true }).fill("12 Analytical Way, San Francisco, CA, 94110");
  await dialog.getByRole("button", { name: "Add address" }).click();
  // Not saved: the map opens at the ZIP's centre, the reason beside it.
  dialog = page.getByRole("dialog", { name: "Place the pin" });
  await expect(dialog.getByRole("alert")).toHaveText(PIN_NEEDED);
  expect((await (await page.request.get("/api/addresses")).json()).addresses).toHaveLength(1);
  const pin = dialog.getByRole("button", { name: "Delivery pin" });
  await pin.focus();
  for (const key of ["ArrowUp", "ArrowUp", "Shift+ArrowLeft"]) await page.keyboard.press(key);
  await expect(dialog.getByText(/^The pin (moved|is where)/)).toContainText("The pin moved");
  await expectAccessible(page, "address pin asked");
  await shoot(page, "address-pin-asked");
  await dialog.getByRole("button", { name: "Save with this pin" }).click();
  await expect(dialog).toBeHidden();
  const work = book.getByTestId("saved-address").filter({ hasText: "Work" });
  await expect(work).toContainText("Pin placed on the map");
  await expect(work).not.toContainText("Only its ZIP code was found");
  const saved = (await (await page.request.get("/api/addresses")).json()).addresses.find((entry: { label: string }) => entry.label === "Work");
  expect(saved).toMatchObject({ address: "12 Analytical Way", pinned: true, precision: "zip" });
  await shoot(page, "address-book-pin-marked");

  // Checkout: the default (Home, at its ZIP's centre) asks for its pin beside "Deliver to".
  await fillCart(page, RESTAURANT);
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  const ask = page.getByTestId("pin-ask");
  await expect(ask).toContainText(PIN_ASK);
  await expectAccessible(page, "checkout pin ask");
  await shoot(page, "checkout-pin-ask");
  await ask.getByRole("button", { name: "Place the pin for Home" }).click();
  dialog = page.getByRole("dialog", { name: "Place the pin" });
  await expect(dialog.getByRole("status").filter({ hasText: PIN_NEEDED })).toBeVisible();
  await dialog.getByRole("button", { name: "Save with this pin" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("pin-ask")).toHaveCount(0);
  const pinnedHome = (await (await page.request.get("/api/addresses")).json()).addresses.find((entry: { label: string }) => entry.label === "Home");
  expect(pinnedHome).toMatchObject({ pinned: true, isDefault: true });
});
