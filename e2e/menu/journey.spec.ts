import { expect, test, type Page } from "../fixtures";
import { MENU_ITEM_SAID } from "@/lib/contract/menu/rules";
import type { Client } from "../support/api";
import { expectAccessible, shoot } from "../support/pages";
import { csvLine } from "@/lib/shared/money/csv";
import { MENU_FILE_COLUMNS, type MenuFileRow } from "@/lib/shared/menu/menu-file";
import { englishTable } from "@/lib/contract/testing/in-english";

// The rules' messages as the API answers them in English.
const M = englishTable(MENU_ITEM_SAID);

// Creating a dish in the browser: the spec's create rules only (any characters in the name: the
// letters-and-spaces rule is the update's), and a disabled Create says which fields it still
// needs, each message also beside its field.

test.describe.configure({ timeout: 120_000 });

/** The fixture's signed-in session in the browser (signing in through the form would spend the login throttle). */
async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test("a disabled Create names the fields still needed; a name with digits and symbols is fine on create", async ({ page, owner }) => {
  await logIn(page, owner.client);
  await page.goto(`/menu-items/new?restaurantId=${owner.restaurant.id}`);
  const create = page.getByRole("button", { name: "Create menu item" });
  const blockers = page.locator("#menu-item-blockers");
  await expect(create).toBeDisabled();
  await expect(create).toHaveAttribute("aria-describedby", "menu-item-blockers");
  await expect(blockers).toContainText("Create menu item is available once these fields are done:");
  await expect(blockers.getByRole("listitem")).toHaveText(["Name: required", "Food type: required", "Price: required", "and 2 more"]);

  await field(page, "Name").fill("Fish & Chips #2");
  await expect(page.getByText(M.nameLetters)).toHaveCount(0);
  await expect(blockers.getByRole("listitem")).toHaveText(["Food type: required", "Price: required", "Description: required", "and 1 more"]);

  await field(page, "Price ($)").fill("0");
  await expect(blockers.getByRole("listitem").filter({ hasText: "Price" })).toHaveText("Price: see the message under it");
  await expect(page.getByText(M.pricePositive)).toBeVisible();
  await expect(field(page, "Price ($)")).toHaveAttribute("aria-invalid", "true");

  // An untouched field: its name in the summary moves to it and shows its message there.
  await expect(page.getByText(M.foodType)).toHaveCount(0);
  await blockers.getByRole("button", { name: "Food type" }).click();
  await expect(field(page, "Food type")).toBeFocused();
  await expect(field(page, "Food type")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(M.foodType)).toBeVisible();
  await expectAccessible(page, "new menu item, blockers");
  await shoot(page, "menu-item-blockers");

  await field(page, "Food type").selectOption("entree");
  await field(page, "Price ($)").fill("9.5");
  await field(page, "Description").fill("Beer-battered cod with chips.");
  await field(page, "Image URL").fill("https://example.com/fish.jpg");
  await expect(blockers).toHaveCount(0);
  await expect(create).toBeEnabled();
  await create.click();
  await page.waitForURL(`**/restaurants/${owner.restaurant.id}/menu`);
  await expect(page.getByRole("list", { name: "Menu items" }).getByRole("heading", { name: "Fish & Chips #2" })).toBeVisible();

  // Menu sections (docs/architecture/menu-sections.md): the owner names one, puts both dishes in
  // it and moves one up with the keyboard; the customer's page shows the section in that order.
  await field(page, "Section name").fill("Chef's picks");
  await page.getByRole("button", { name: "Add section" }).click();
  const section = page.getByRole("region", { name: "Chef's picks" });
  const dishes = section.getByRole("list", { name: "Dishes in Chef's picks" }).getByRole("listitem");
  for (const name of ["Fish & Chips #2", owner.item.name]) {
    await section.getByLabel("Add a dish to Chef's picks").selectOption({ label: name });
    await section.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dishes.filter({ hasText: name })).toHaveCount(1);
  }
  await section.getByRole("button", { name: `Move up ${owner.item.name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(dishes).toContainText([owner.item.name, "Fish & Chips #2"]);
  await expect(section.getByRole("button", { name: `Move up ${owner.item.name}` })).toBeFocused();
  await expectAccessible(page, "owner menu, sections");
  await shoot(page, "owner-menu-sections");

  // A menu file imported (docs/architecture/menu-file.md): counted by the dishes written, a
  // section matched in any case and spacing, the new section on the page at once (no reload),
  // and only the row that links a photo listed to upload.
  const row = (name: string, section: string, extra: Partial<MenuFileRow> = {}): MenuFileRow => ({
    ...(Object.fromEntries(MENU_FILE_COLUMNS.map((column) => [column, ""])) as MenuFileRow),
    name,
    section,
    description: `${name}, made in house.`,
    price: "6.50",
    food_type: "dessert",
    ...extra,
  });
  const file = [
    row("Mango sticky rice", "Desserts", { photo_url: "https://example.com/mango.jpg" }),
    row("Lemon tart", "desserts"),
    row("House salad", " chef's  PICKS", { food_type: "appetizer" }),
    row("Bad price", "Desserts", { price: "12,50" }),
  ];
  const csv = csvLine(MENU_FILE_COLUMNS) + file.map((dish) => csvLine(MENU_FILE_COLUMNS.map((column) => dish[column]))).join("");
  await page.getByLabel(/^Menu file/).setInputFiles({ name: "menu.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview import" }).click();
  const importStatus = page.getByRole("status").filter({ hasText: /dish/ });
  await expect(importStatus).toContainText("The file has 4 dishes: 3 new, 0 updated; new section: Desserts.");
  await page.getByRole("button", { name: "Apply import, skipping 1 row with errors" }).click();
  await expect(importStatus).toContainText("Imported 3 dishes: 3 new, 0 updated; new section: Desserts. 1 row with errors skipped");
  await expect(importStatus).toContainText("Photos to upload (the file links them; links are not fetched): Mango sticky rice (row 2).");
  const desserts = page.getByRole("region", { name: "Desserts", exact: true });
  await expect(desserts.getByRole("list", { name: "Dishes in Desserts" }).getByRole("listitem")).toContainText(["Mango sticky rice", "Lemon tart"]);
  await expect(dishes.filter({ hasText: "House salad" })).toHaveCount(1);
  await expect(page.getByRole("region", { name: /^Chef's picks$/i })).toHaveCount(1);
  await expectAccessible(page, "owner menu, imported");
  await shoot(page, "owner-menu-imported");

  await page.context().clearCookies();
  await page.goto(`/restaurants/${owner.restaurant.id}`);
  const shown = page.getByRole("region", { name: "Chef's picks" });
  await expect(shown.getByRole("heading", { level: 3 })).toHaveText(["House salad", owner.item.name, "Fish & Chips #2"]);
  await expect(page.getByRole("navigation", { name: "Menu categories" }).getByRole("link").first()).toContainText("Chef's picks");
  await expectAccessible(page, "restaurant page, sections");
  await shoot(page, "restaurant-sections");
});
