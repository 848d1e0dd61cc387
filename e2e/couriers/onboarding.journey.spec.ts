import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import type { Client } from "../support/api";
import { verifyEmailOf } from "../support/mailbox";
import { signUpOperator } from "../support/operator";
import { expectAccessible } from "../support/pages";

// Courier onboarding's two screens (docs/architecture/courier-onboarding.md): on a phone, the
// courier who applied with a car reads why they cannot go on shift yet and uploads their licence
// (a bad date named beside its field first); the operator finds it in the review queue, at 390 and
// 1280 px, and approves it; the courier's screen then says so. Axe over both; 390 px fits. With
// SCREENSHOT_DIR set, both screens are saved at 390 and 1280 px.

async function pageAs(browser: Browser, client: Client, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}
const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("the courier uploads their licence on a phone; the operator approves it from the queue", async ({ browser, baseURL, customer }) => {
  await verifyEmailOf(customer.client, customer.email);
  expect((await customer.client.post("/api/courier/apply", { vehicle: "car" })).status()).toBe(201);
  const nia = await signUpOperator(baseURL!);

  const phone = await pageAs(browser, customer.client, baseURL!, 390);
  await phone.goto("/courier/documents");
  await expect(phone.getByRole("heading", { name: "Not ready for shifts yet" })).toBeVisible();
  await expect(phone.getByRole("status").first()).toHaveText("Upload your driving licence: a car needs it approved before you go on shift");
  const licence = phone.locator('[data-document="licence"]');
  await expect(licence).toContainText("Not uploaded");
  const photo = await sharp({ create: { width: 900, height: 560, channels: 3, background: "#3a6ea5" } })
    .png()
    .toBuffer();
  await phone.getByLabel("Photo of the document").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: photo });
  await phone.getByLabel("Expiry date (as printed on it)").fill(inDays(-3));
  await phone.getByRole("button", { name: "Upload" }).click();
  await expect(phone.getByText("That date has passed: upload a document that is still valid")).toBeVisible();
  await expect(phone.getByLabel("Expiry date (as printed on it)")).toHaveAttribute("aria-invalid", "true");
  await phone.getByLabel("Expiry date (as printed on it)").fill(inDays(700));
  await phone.getByRole("button", { name: "Upload" }).click();
  await expect(phone.getByText("Driving licence uploaded: Nosh reviews it soon.")).toBeVisible();
  await expect(licence).toContainText("Waiting for review");
  expect(await fits(phone)).toBe(true);
  await shot(phone, "courier-documents-390");
  await expectAccessible(phone, "courier documents");

  for (const width of [1280, 390]) {
    const queue = await pageAs(browser, nia.client, baseURL!, width);
    await queue.goto("/admin/courier-documents");
    await expect(queue.getByRole("heading", { name: "Courier documents", level: 1 })).toBeVisible();
    const mine = queue.locator("[data-document]").filter({ has: queue.locator(`a[href="/admin/users/${customer.user.id}"]`) });
    const row = mine.first();
    await expect(row).toContainText("Driving licence");
    await expect(row).toContainText("Car");
    await expect(row.getByRole("img")).toBeVisible();
    expect(await fits(queue)).toBe(true);
    await shot(queue, `courier-documents-queue-${width}`);
    if (width === 1280) {
      await expectAccessible(queue, "courier documents queue");
    } else {
      await row.getByRole("button", { name: /^Approve/ }).click();
      await row.getByLabel(/Why\?/).fill("Readable, name matches");
      await row.getByRole("button", { name: "Confirm: approve" }).click();
      await expect(mine).toHaveCount(0);
    }
    await queue.context().close();
  }

  await phone.reload();
  await expect(licence).toContainText("Approved");
  await expect(phone.getByRole("status").first()).toHaveText("Upload your insurance: a car needs it approved before you go on shift");
  await phone.setViewportSize({ width: 1280, height: 900 });
  await shot(phone, "courier-documents-1280");
  await phone.context().close();
});
