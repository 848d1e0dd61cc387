import { expect, test } from "../fixtures";
import { PLANTED_DROPOFF } from "../support/couriers";
import { expectAccessible, shoot } from "../support/pages";
import { doorPhotoScene } from "./door-photo-scene";

// The building's photo on the courier's job card (docs/architecture/stops-and-messages.md "The
// building's photo"), on a phone: the photo of an earlier delivery to the same address, loaded and
// sized for its slot (the card's width, at most 240 px high), beside the instructions, the map's
// pin and Navigate. Who may read it: door-photo.api.spec.ts. With SCREENSHOT_DIR set, the card at
// 390 and 1280 px.

test("the courier on the way to the customer sees the building's photo from an earlier delivery", async ({ browser, baseURL }) => {
  const { second } = await doorPhotoScene(baseURL!);
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
  await context.close();
});
