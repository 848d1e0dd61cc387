import { expect, test } from "../fixtures";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";
import { createItem, createRestaurant } from "../support/owner";

// An owner gives their menu in Spanish (docs/architecture/languages.md "Menus in several
// languages"): from the menu page's Translations, a Spanish tab with a field for the dish's name,
// description, options; a Spanish-reading visitor then sees those words on the restaurant's page,
// an English one the owner's own.

test("an owner writes the Spanish menu; a Spanish visitor reads it, an English one the original", async ({ page, browser }) => {
  const { client } = await signUpInBrowser(page);
  const restaurant = await createRestaurant(client);
  const item = await createItem(client, restaurant.id, {
    option_groups: [
      {
        name: "Size",
        min_choices: 1,
        max_choices: 1,
        options: [
          { name: "Small", price_delta: 0 },
          { name: "Large", price_delta: 2 },
        ],
      },
    ],
  });
  const spanish = `Tacos de la casa ${Date.now().toString(36)}`;

  await page.goto(`/restaurants/${restaurant.id}/menu`);
  await page.getByRole("link", { name: "Translations" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Menu translations");
  await expect(page.getByRole("navigation", { name: "Languages" }).getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "page");
  const dish = page.getByRole("group", { name: item.name });
  await dish.getByLabel("Name", { exact: true }).fill(spanish);
  await dish.getByLabel("Option group: Size").fill("Tamaño");
  await dish.getByLabel("Option: Large").fill("Grande");
  await expectAccessible(page, "the menu's Spanish translations");
  await shoot(page, "owner-menu-translations");
  await page.getByRole("button", { name: "Save Español menu" }).click();
  await expect(page.getByText("Español menu saved")).toBeVisible();

  // Read back after a reload; the French tab starts empty.
  await page.reload();
  await expect(page.getByRole("group", { name: item.name }).getByLabel("Name", { exact: true })).toHaveValue(spanish);
  await page.getByRole("navigation", { name: "Languages" }).getByRole("link", { name: "Français" }).click();
  await expect(page.getByRole("group", { name: item.name }).getByLabel("Name", { exact: true })).toHaveValue("");

  for (const [locale, name, large] of [
    ["es-MX", spanish, "Grande"],
    ["en-US", item.name, "Large"],
  ] as const) {
    const context = await browser.newContext({ locale });
    const visitor = await context.newPage();
    await visitor.goto(`/restaurants/${restaurant.id}`);
    await expect(visitor.getByText(name, { exact: true }).first()).toBeVisible();
    await visitor.goto(`/menu-items/${item.id}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(visitor.getByText(large, { exact: true }).first()).toBeVisible();
    await context.close();
  }
});
