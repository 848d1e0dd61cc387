import { expect, test, type Browser, type Page } from "../fixtures";
import type { Locator } from "@playwright/test";
import sharp from "sharp";
import type { Client } from "../support/api";
import { createItem, createRestaurant } from "../support/owner";
import { expectAccessible, shoot } from "../support/pages";

// An owner uploads a banner and a dish photo from the edit forms (components/owner/photo-upload.tsx):
// a crop preview at the slot's aspect, a progress bar while the bytes go up, then the new photo on
// the home card, the restaurant banner and the dish, each through /_next/image at its slot's widths.

test.describe.configure({ timeout: 180_000 });

async function pageAs(browser: Browser, client: Client, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await client.ctx.storageState() });
  return context.newPage();
}

/** A photo file the browser can read: a gradient, so a crop shows. */
async function photoFile(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c8290f"/><stop offset="1" stop-color="#f5a524"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return { name: "my-photo.jpg", mimeType: "image/jpeg", buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/**
 * Chooses the file, checks the crop preview, and uploads it; the answer is held until the
 * progress bar has been seen (so it is asserted without a race), then let through.
 */
async function uploadThroughForm(page: Page, apiPath: string, shotName: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${apiPath}`, async (route) => {
    await held;
    await route.continue();
  });
  // The hydrated field (a slow streamed page may still hold its disabled server-rendered copy a moment).
  const field = page.getByLabel("Upload a photo").and(page.locator(":enabled"));
  await expect(field).toHaveCount(1);
  await field.setInputFiles(await photoFile(1800, 1200));
  await expect(page.getByLabel(/^Photo framing/)).toBeVisible();
  await expect(page.getByRole("slider", { name: "Zoom" })).toBeVisible();
  // Keyboard: the framing moves with the arrow keys once focused, and zoom is a slider.
  await page.getByLabel(/^Photo framing/).focus();
  await page.keyboard.press("ArrowLeft");
  await page.getByRole("slider", { name: "Zoom" }).fill("1.2");
  await shoot(page, shotName);
  await page.getByRole("button", { name: "Upload this photo" }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
  release();
  await expect(page.getByRole("status").filter({ hasText: "Photo uploaded and saved" })).toBeVisible();
  await page.unroute(`**${apiPath}`);
}

/** The photo has loaded, from the optimizer, from the uploaded file's variant. */
async function expectShown(image: Locator, file: string) {
  await expect(image).toHaveAttribute("src", new RegExp(`^/_next/image\\?url=${encodeURIComponent(file).replace(/[.]/g, "\\.")}&w=\\d+`));
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test("an owner uploads a banner and a dish photo, and both show where customers look", async ({ browser, baseURL, owner: { client } }) => {
  // Delivering in 1 minute puts the restaurant first in the home page's fastest row.
  const restaurant = await createRestaurant(client, { delivery_time: 1 });
  const item = await createItem(client, restaurant.id, { name: "Upload Burger" });
  const page = await pageAs(browser, client, baseURL!);

  await page.goto(`/restaurants/${restaurant.id}/update`);
  await expect(page.getByLabel("Upload a photo")).toBeAttached();
  await shoot(page, "restaurant-form-upload");
  await uploadThroughForm(page, `/api/manage/${restaurant.id}/photo`, "restaurant-form-crop");
  const banner = await page.getByLabel("Store image URL", { exact: true }).inputValue();
  expect(banner).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  await expectAccessible(page, "restaurant form after an upload");
  await shoot(page, "restaurant-form-uploaded");

  await page.goto(`/menu-items/${item.id}/update`);
  await uploadThroughForm(page, `/api/menu-items/${item.id}/photo`, "dish-form-crop");
  const dish = await page.getByLabel("Image URL", { exact: true }).inputValue();
  expect(dish).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  expect(dish, "the dish's own photo, not its restaurant's").not.toBe(banner);
  await shoot(page, "dish-form-uploaded");

  // The restaurant page: the banner (16:7, up to 1152 CSS px) and the dish's menu row (the square thumbnail).
  await page.goto(`/restaurants/${restaurant.id}`);
  const hero = page.getByRole("img", { name: restaurant.name, exact: true }).first();
  await expectShown(hero, banner.replace(/\.webp$/, "-lg.webp"));
  await expect(hero).toHaveAttribute("sizes", "(min-width: 1200px) 1152px, 100vw");
  await expectShown(page.getByRole("img", { name: "Upload Burger" }).first(), dish.replace(/\.webp$/, "-sm.webp"));

  // The dish page.
  await page.goto(`/menu-items/${item.id}`);
  await expectShown(page.getByRole("img", { name: "Upload Burger" }).first(), dish);

  // The home card (the card variant, 4:3 in a 16:10 frame).
  await page.goto("/home");
  await expectShown(page.getByRole("img", { name: restaurant.name, exact: true }).first(), banner);
  await page.context().close();
});

test("the new forms say to save first, and a wrong file is refused beside the field", async ({ browser, baseURL, owner: { client, restaurant } }) => {
  const page = await pageAs(browser, client, baseURL!);
  await page.goto("/restaurants/new");
  await expect(page.getByText("To upload a photo of your own, create the restaurant first, then edit it.")).toBeVisible();
  await page.goto(`/restaurants/${restaurant.id}/update`);
  // The hydrated field (a slow streamed page may still hold its disabled server-rendered copy a moment).
  const field = page.getByLabel("Upload a photo").and(page.locator(":enabled"));
  await expect(field).toHaveCount(1);
  await field.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") });
  await expect(page.getByRole("alert").filter({ hasText: "Choose a JPEG, PNG, WebP or AVIF photo" })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await page.context().close();
});
