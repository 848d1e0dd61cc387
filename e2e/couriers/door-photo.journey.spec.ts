import { expect, test } from "../fixtures";
import { PLANTED_DROPOFF } from "../support/couriers";
import { expectAccessible, shoot } from "../support/pages";
import { doorPhotoScene } from "./door-photo-scene";

// The building's photo on the courier's job card (docs/architecture/stops-and-messages.md "The
// building's photo"), on a phone: the photo of an earlier delivery to the same address, loaded and
// sized for its slot (the card's width, at most 240 px high), beside the instructions, the map's
// pin and Navigate; then the customer's address book says couriers see it, "Remove door photo"
// takes it off the courier's card, and the address's form turns its keeping back on. Who may read
// it: door-photo.api.spec.ts. With SCREENSHOT_DIR set, the card and the book at 390 and 1280 px.

test("the courier on the way to the customer sees the building's photo from an earlier delivery; the customer removes it from their address book", async ({
  browser,
  baseURL,
}) => {
  const { second, customer, home } = await doorPhotoScene(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await second.client.ctx.storageState() });
  await context.grantPermissions(["geolocation"], { origin: baseURL });
  await context.setGeolocation({ latitude: PLANTED_DROPOFF.lat, longitude: PLANTED_DROPOFF.lng });
  const page = await context.newPage();
  await page.goto("/courier");
  await expect(page.getByRole("heading", { name: /^To the customer:/ })).toBeVisible();
  const photo = page.getByRole("img", { name: /^The door at .*, from an earlier delivery$/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(720);
  const box = (await photo.boundingBox())!;
  const card = (await page.getByRole("region", { name: /^To the customer:/ }).boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(card.width);
  expect(box.height).toBeLessThanOrEqual(240);
  await expect(page.getByText("The door, from an earlier delivery here")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Navigate/ })).toBeVisible();
  await expectAccessible(page, "job card with the building's photo");
  await shoot(page, "courier-door-photo");

  // The customer's address book: what couriers see, and the photo removed.
  const shopper = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await customer.client.ctx.storageState() });
  const account = await shopper.newPage();
  await account.goto("/account");
  const entry = account.getByRole("region", { name: "Saved addresses" }).getByTestId("saved-address").filter({ hasText: "12 Birch Lane" });
  await expect(entry).toContainText("Couriers delivering here see the photo of your door from your last delivery.");
  await expectAccessible(account, "address book with a door photo");
  await shoot(account, "address-book-door-photo");
  await entry.getByRole("button", { name: "Remove door photo of Home" }).click();
  await expect(entry).toContainText("No photo of your door is kept for couriers.");
  expect((await (await customer.client.get("/api/addresses")).json()).addresses.find((a: { id: number }) => a.id === home)).toMatchObject({
    doorPhotoAt: null,
    doorPhotoOff: true,
  });
  await page.reload();
  await expect(page.getByRole("heading", { name: /^To the customer:/ })).toBeVisible();
  await expect(page.getByText("The door, from an earlier delivery here")).toHaveCount(0);

  // The address's form keeps one again from the next delivery.
  await entry.getByRole("button", { name: "Edit Home" }).click();
  const dialog = account.getByRole("dialog", { name: "Edit address" });
  const keep = dialog.getByRole("checkbox", { name: /Let couriers see a photo of my door/ });
  await expect(keep).not.toBeChecked();
  await keep.check();
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(entry).not.toContainText("No photo of your door is kept");
  expect((await (await customer.client.get("/api/addresses")).json()).addresses.find((a: { id: number }) => a.id === home)).toMatchObject({ doorPhotoOff: false });
  await shopper.close();
  await context.close();
});
