import { expect, test } from "../fixtures";
import { expectAccessible, shoot } from "../support/pages";

// The point of sale in the browser at 390 px (docs/architecture/kitchen.md "The point of sale"),
// with the built-in POS: the owner connects it from the restaurant's settings (its OAuth round
// through /pos/connected and back), previews its catalog as the menu file's preview shows it
// (nothing written yet), and imports it.

test("the owner connects the point of sale, previews its menu and imports it (390 px)", async ({ page, owner }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  const id = owner.restaurant.id;
  await page.goto(`/restaurants/${id}/update`);
  const section = page.getByRole("region", { name: "Point of sale" });
  await section.getByRole("button", { name: "Connect the demo point of sale" }).click();
  // Back from the POS's authorize page: the connection finished, then the settings again.
  await page.waitForURL(new RegExp(`/restaurants/${id}/update#pos$`));
  await expect(section.getByText("Connected to the demo point of sale")).toBeVisible();
  await expect(section.getByText("0 linked dishes · 0 orders sent · 0 waiting")).toBeVisible();

  await section.getByRole("button", { name: "Preview the menu" }).click();
  const status = section.getByRole("status");
  await expect(status).toContainText("Your point of sale has 3 dishes: 3 new, 0 updated; new section: Counter favourites.");
  await expect(status).toContainText("Nothing is written until you apply.");
  await expectAccessible(page, "settings, the point of sale's menu previewed");
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "pos-preview", [390, 768, 1280]);

  await section.getByRole("button", { name: "Apply import" }).click();
  await expect(status).toContainText("Imported 3 dishes: 3 new, 0 updated");
  await expect(section.getByText("3 linked dishes · 0 orders sent · 0 waiting")).toBeVisible();
  await page.goto(`/restaurants/${id}/menu`);
  await expect(page.getByText("Counter horchata (Large)", { exact: true }).locator("visible=true").first()).toBeVisible();
});
