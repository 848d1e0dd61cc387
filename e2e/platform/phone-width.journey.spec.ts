import { expect, test, type Page } from "../fixtures";
import { createItem } from "../support/owner";
import { pageClient } from "../support/api";
import { placeOrder } from "../support/orders";
import { cartButton, signUpInBrowser } from "../support/pages";
import { overflow, smallTargets } from "../support/phone-width";

// No page scrolls sideways on a phone (360 and 390 px): the shop's pages with a filled cart, the
// open cart panel and checkout, with the longest unbroken names the forms accept (a restaurant
// of 50 characters, a dish of one 60-letter word). The widest element is named when one overflows.

test.describe.configure({ timeout: 120_000 });

const LONG_RESTAURANT = "Zz" + "Q".repeat(48);
const LONG_DISH = "Supercalifragilisticexpialidociouspancakeswithmaplebutterxyz";
const PAGES = ["/home", "/menu-items", "/search?q=pancake", "/orders", "/favorites", "/wallet", "/account"];

test("nothing scrolls sideways at 360 or 390 px: shop pages with a filled cart, the cart, checkout and the API reference (its wide tables scroll in their frames)", async ({
  browser,
  owner,
}) => {
  test.setTimeout(180_000);
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}`, { name: LONG_RESTAURANT })).status()).toBe(200);
  const dish = await createItem(owner.client, owner.restaurant.id, { name: LONG_DISH });
  // A phone: its layout viewport widens to the content when something overflows (a desktop window would scroll instead).
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await signUpInBrowser(page);
  await page.goto(`/restaurants/${owner.restaurant.id}`);
  await page.getByRole("button", { name: `Add ${LONG_DISH} to cart` }).click();
  await page.getByRole("button", { name: `Add ${owner.item.name} to cart` }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
  // The same phone at both widths: each page is loaded again at the width it is measured at.
  for (const width of [360, 390]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of [`/restaurants/${owner.restaurant.id}`, `/menu-items/${dish.id}`, ...PAGES, "/developers/api"]) {
        await page.goto(path);
        expect(await overflow(page), `${path} at ${width} px`).toEqual({ extra: 0, widest: "" });
      }
      await page.goto("/home");
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
      await cartButton(page).click();
      const cart = page.getByRole("dialog", { name: "Your cart" });
      await expect(cart).toBeVisible();
      expect(await overflow(page), `cart panel at ${width} px`).toEqual({ extra: 0, widest: "" });
      await cart.getByRole("button", { name: "Checkout", exact: true }).click();
      await page.waitForURL("**/checkout");
      await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
      expect(await overflow(page), `checkout at ${width} px`).toEqual({ extra: 0, widest: "" });
    });
  }
  await context.close();
});

test("several open orders fold into one banner line on a phone; 'Show all' lists each with its Track link", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await signUpInBrowser(page);
  const client = await pageClient(page);
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await placeOrder(client, { restaurantId: 3 }));
  await page.goto("/home");
  const banner = page.getByRole("region", { name: "Your open orders" });
  await expect(banner).toContainText("3 orders in progress");
  await expect(banner.getByRole("link", { name: /^Track order/ })).toHaveCount(0);
  // One line: well under a tenth of the screen (four rows took 40% of it).
  expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(64);
  const toggle = banner.getByRole("button", { name: "Show all" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(banner.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-expanded", "true");
  for (const order of orders) await expect(banner.getByRole("link", { name: `Track order #${order.id}` })).toBeVisible();
  expect(await overflow(page), "the open banner").toEqual({ extra: 0, widest: "" });
  await banner.getByRole("button", { name: "Hide" }).click();
  await expect(banner.getByRole("link", { name: /^Track order/ })).toHaveCount(0);
  await context.close();
});

/** Each box's size and the nearest other box's gap, for a WCAG 2.2 target check. */
const boxesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x, y, width, height })));
const small = (boxes: { width: number; height: number }[], least: number) => boxes.filter((box) => box.width < least || box.height < least);

test("touch targets at 390 px: every target of the restaurant page, the order type toggle, the menu's diet and allergen boxes and the notification choices are a thumb's size", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await signUpInBrowser(page);
  await page.goto("/restaurants/3");
  // Every target of the restaurant page is 24 px or spaced as if it were (WCAG 2.5.8): a dish's name was 19 px high beside the next row's.
  expect(await smallTargets(page)).toEqual([]);
  // The top bar's Delivery / Pickup: 44 px high (it was 36).
  const toggle = await boxesOf(page, '[role=group][aria-label="Order type"] button');
  expect(toggle).toHaveLength(2);
  expect(small(toggle, 44)).toEqual([]);
  // The menu's filter: each label (the target) 44 px each way, its box 24 px, and no two boxes' 24 px circles overlapping.
  await page.getByText("Diet and allergens").click();
  const labels = await boxesOf(page, "main fieldset label:has(input[type=checkbox])");
  expect(labels.length).toBeGreaterThan(5);
  expect(small(labels, 44)).toEqual([]);
  const inputs = await boxesOf(page, "main fieldset label input[type=checkbox]");
  expect(small(inputs, 24)).toEqual([]);
  const centre = (box: { x: number; y: number; width: number; height: number }) => [box.x + box.width / 2, box.y + box.height / 2] as const;
  const closest = Math.min(...inputs.flatMap((a, i) => inputs.slice(i + 1).map((b) => Math.hypot(centre(a)[0] - centre(b)[0], centre(a)[1] - centre(b)[1]))));
  expect(closest).toBeGreaterThanOrEqual(24);
  // The notification choices: each box's label a 44 px target.
  await page.goto("/account/notifications");
  const choices = await boxesOf(page, "main table label:has(input[type=checkbox])");
  expect(choices.length).toBeGreaterThan(5);
  expect(small(choices, 44)).toEqual([]);
  expect(await page.locator("main table input[type=checkbox]").count()).toBe(choices.length);
  await context.close();
});
