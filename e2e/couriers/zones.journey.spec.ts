import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier, ownSpot } from "../support/couriers";
import { signUpOperator } from "../support/operator";
import { expectAccessible, shoot } from "../support/pages";

// Scheduled hours by zone in a browser (docs/architecture/dispatch-matching.md "Scheduled hours by zone"):
// the operator draws a zone on /admin/zones (a click on the map adds a corner, the corners' list
// is the keyboard's way), a bad list's line is named beside it, and sets the couriers it needs at
// 19:00; a courier books that block on /courier/blocks and sees it booked. Each page state is
// checked with axe; with SCREENSHOT_DIR set, both screens at 390 and 1280 px.

async function pageAs(browser: Browser, client: Client, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}

test("the operator draws a zone needing couriers at 7 PM; a courier books that block", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const spot = ownSpot();
  const nia = await signUpOperator(baseURL!);
  const admin = await pageAs(browser, nia.client, baseURL!, 1280);
  await admin.goto("/admin/zones");
  await expect(admin.getByRole("heading", { name: "Zones" })).toBeVisible();
  await admin.getByRole("button", { name: "Draw a new zone" }).click();
  const name = `Zone ${Date.now().toString(36)}`;
  await admin.getByLabel("Name").fill(name);

  // A click on the map adds a corner; the list shows it, and "Remove the last corner" takes it off.
  await admin.getByTestId("zone-map").click({ position: { x: 100, y: 100 } });
  const corners = admin.getByLabel(/^Corners, in order/);
  await expect(corners).toHaveValue(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
  await admin.getByRole("button", { name: "Remove the last corner" }).click();
  await expect(corners).toHaveValue("");

  // Typed: a line that is not a point is named beside the list.
  await corners.fill(`${spot.lat - 0.05}, ${spot.lng - 0.08}\nnorth of the river`);
  await expect(corners).toHaveAccessibleDescription(/^Line 2 is not "latitude, longitude"/);
  await corners.fill(
    [
      [spot.lat - 0.05, spot.lng - 0.08],
      [spot.lat - 0.05, spot.lng + 0.08],
      [spot.lat + 0.05, spot.lng + 0.08],
      [spot.lat + 0.05, spot.lng - 0.08],
    ]
      .map(([lat, lng]) => `${lat}, ${lng}`)
      .join("\n"),
  );
  await admin.getByRole("button", { name: "Fit the map to the zone" }).click();
  await admin.getByLabel("7:00 PM", { exact: true }).fill("3");
  await admin.getByRole("button", { name: "Draw the zone" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Zone drawn" })).toBeVisible();
  await expect(admin.getByRole("button", { name: new RegExp(`^${name} \\(`) })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(admin, "zone editor");
  await shoot(admin, "zones-operator");

  const dev = await signUpCustomer(baseURL!);
  await makeCourier(dev.user.id);
  const phone = await pageAs(browser, dev.client, baseURL!, 390);
  await phone.goto("/courier");
  await phone.getByRole("link", { name: /Book blocks/ }).click();
  await expect(phone.getByRole("heading", { name: "Blocks" })).toBeVisible();
  await expectAccessible(phone, "blocks");
  // The first day with a 7 PM block of this zone (tonight's, unless 7 PM has passed).
  const book = phone.getByRole("button", { name: `Book ${name}, 7:00 PM to 8:00 PM` });
  for (const day of await phone.getByRole("group", { name: "Day" }).getByRole("button").all()) {
    await day.click();
    if (await book.isVisible()) break;
  }
  await expect(book.locator("xpath=ancestor::li")).toContainText("3 of 3 open");
  await book.click();
  await expect(phone.getByRole("status").filter({ hasText: `Booked ${name}` })).toBeVisible();
  const drop = phone.getByRole("button", { name: `Drop ${name}, 7:00 PM to 8:00 PM` });
  await expect(drop.locator("xpath=ancestor::li")).toContainText("2 of 3 open");
  // The same button turned from "Book" to "Drop" (it keeps the focus): its colours fade for 0.15 s, which axe must not catch midway.
  await drop.evaluate((button) => Promise.all(button.getAnimations().map((animation) => animation.finished)));
  await expectAccessible(phone, "blocks, one booked");
  await shoot(phone, "zones-courier-blocks");
});
