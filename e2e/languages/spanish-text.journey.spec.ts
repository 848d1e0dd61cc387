import { expect, test, type Browser, type Page } from "../fixtures";
import sharp from "sharp";
import { SOURCES } from "@/lib/i18n/catalogues";
import { LANGUAGE_COOKIE } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { englishIn, englishOn } from "../support/english-text";
import { verifyEmailOf } from "../support/mailbox";
import { acceptOrder, standardCard, submitOrder } from "../support/orders";
import { createItem, createRestaurant } from "../support/owner";
import { signUpInBrowser } from "../support/pages";

// Every screen complete in Spanish, in the states the Spanish sweep of the demo data does not reach
// (e2e/languages/phone-width.journey.spec.ts checks every page of every role for the same):
// a dish's options dialog, a cart line with choices, an order with choices paid by card, the
// board's card of an order its owner accepted, and a courier's application and documents. Each
// screen shows none of the English catalogue's words that Spanish words otherwise, and no number
// or date the US way (e2e/support/english-text.ts). SCREENSHOTS=<folder> keeps a picture of each.

test.describe.configure({ timeout: 120_000 });

const es = SOURCES.es as unknown as Messages;

/** Size (exactly one) and Extra toppings (up to 3, Cheese adding milk, Bacon taking Vegetarian away): the walk-through's dialog. */
const OPTION_GROUPS = [
  {
    name: "Size",
    required: true,
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: "Regular", priceDelta: 0 },
      { name: "Large", priceDelta: 3.5 },
    ],
  },
  {
    name: "Extra toppings",
    required: false,
    minChoices: 0,
    maxChoices: 3,
    options: [
      { name: "Cheese", priceDelta: 1, allergens: ["milk"] },
      { name: "Bacon", priceDelta: 2, removesLabels: ["vegetarian"] },
      { name: "Olives", priceDelta: 0.75 },
    ],
  },
];

const png = async () => ({
  name: "licence.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 800, height: 500, channels: 3, background: "#2b5a8a" } })
    .png()
    .toBuffer(),
});

/** A phone's browser reading Nosh in Spanish. */
async function spanishPhone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: "es", url: baseURL }]);
  return context.newPage();
}

test("the yardstick finds English catalogue words, whole or in a sentence, and US numbers and dates, and passes Spanish and owners' own words", () => {
  const found = englishIn({
    all: "Elige 1 Tamaño. $43.87 is authorized on Visa •••• 4242: it is charged when the restaurant accepts the order. A 0.9 km · 5.0 sobre 5 · Vence el 2028-06-30 · Nov 28, 8:54 PM",
    elements: ["Choose 1 Size", "Choose up to 3 Extra toppings", "Vegetarian", "Contains milk", "Fish and Chips", "Vegetariano", "House Burger"],
  });
  expect(found).toEqual(
    expect.arrayContaining([
      '": it is charged when the restaurant accepts the order."',
      expect.stringMatching(/^"Choose 1 Size" \(Choose /),
      expect.stringMatching(/^"Choose up to 3 Extra toppings" \(Choose /),
      '"Vegetarian" (Vegetarian)',
      '"Contains milk" (Contains {list})',
      expect.stringMatching(/^a decimal point: .*43\.87/),
      expect.stringMatching(/^a decimal point: .*0\.9 km/),
      expect.stringMatching(/^a decimal point: .*5\.0 sobre/),
      expect.stringMatching(/^a dollar sign/),
      expect.stringMatching(/^an ISO date/),
      expect.stringMatching(/^an English date/),
      expect.stringMatching(/^an English time/),
    ]),
  );
  // Spanish, and an owner's own words, are no finding.
  expect(found.filter((finding) => finding.startsWith('"')).join("\n")).not.toMatch(/Fish and Chips|Vegetariano|House Burger|Elige/);
});

test("a Spanish reader meets no English: the dish dialog, a cart line with choices, an order paid by card, the owner's board, a courier's application and documents", async ({
  browser,
  baseURL,
}) => {
  const english: string[] = [];
  const look = async (page: Page, what: string) => {
    for (const found of await englishOn(page)) english.push(`${what}: ${found}`);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${what.replaceAll(" ", "-")}.png`, fullPage: true });
  };

  // An owner's restaurant with the dish of the walk-through.
  const board = await spanishPhone(browser, baseURL!);
  const owner = await signUpInBrowser(board);
  const restaurant = await createRestaurant(owner.client);
  const item = await createItem(owner.client, restaurant.id);
  const put = await owner.client.put(`/api/menu-items/${item.id}`, {
    optionGroups: OPTION_GROUPS,
    dietLabels: ["vegetarian"],
    allergens: ["gluten"],
    allowsInstructions: true,
  });
  expect(put.status()).toBe(200);
  const [size, extras] = (await put.json()).optionGroups as { options: { id: number }[] }[];

  const shop = await spanishPhone(browser, baseURL!);
  const customer = await signUpInBrowser(shop);
  await test.step("the dish dialog and the cart", async () => {
    await shop.goto(`/restaurants/${restaurant.id}`);
    await shop.getByRole("button", { name: fill(es.dish.chooseOptions, { name: item.name }) }).click();
    const dialog = shop.getByRole("dialog", { name: item.name });
    await expect(dialog.getByTestId("option-group-Size")).toContainText(fill(es.dish.choices.rules.exactly, { count: 1, name: "Size" }));
    await look(shop, "dish dialog");
    await dialog.getByRole("radio", { name: /Large/ }).check();
    await dialog.getByRole("checkbox", { name: /Cheese/ }).check();
    await dialog.getByRole("button", { name: new RegExp(`^${es.dish.addToCart}`) }).click();
    await shop.getByRole("button", { name: es.shell.openCartOne }).click();
    const cart = shop.getByRole("dialog", { name: es.cart.title });
    await expect(cart.getByTestId("cart-line")).toContainText(fill(es.allergens.contains, { list: `${es.allergens.short.gluten}, ${es.allergens.short.milk}` }));
    await look(shop, "cart");
  });

  await test.step("an order with choices paid by card, accepted: its page and the owner's board", async () => {
    const created = await customer.client.post("/api/orders/", {
      restaurant_id: restaurant.id,
      items: [{ menu_item_id: item.id, quantity: 2, options: [size!.options[1]!.id, extras!.options[0]!.id, extras!.options[2]!.id] }],
    });
    expect(created.status()).toBe(201);
    const order = await submitOrder(customer.client, (await created.json()).id, standardCard);
    await acceptOrder(owner.client, restaurant.id, order.id);
    // Accepting captures the card: "Se cobró ... a Visa •••• 4242".
    await expect.poll(async () => (await (await customer.client.get(`/api/orders/${order.id}/payment`)).json()).payment?.state).toBe("captured");
    await shop.goto(`/orders/${order.id}`);
    await expect(shop.locator('[data-payment-state="captured"]')).toBeVisible();
    await look(shop, "order page");
    await board.goto(`/restaurants/${restaurant.id}/orders`);
    await expect(
      board.getByText(fill(es.kitchen.board.card.by, { action: es.kitchen.board.card.actions.accepted, name: "Casey", role: es.kitchen.board.card.roles.owner })),
    ).not.toHaveCount(0);
    await look(board, "board");
  });

  await test.step("a courier's application and documents", async () => {
    const phone = await spanishPhone(browser, baseURL!);
    const courier = await signUpInBrowser(phone, { address: false });
    await verifyEmailOf(courier.client, courier.email);
    expect((await courier.client.post("/api/courier/apply", { vehicle: "scooter" })).status()).toBe(201);
    const expiresOn = `${new Date().getUTCFullYear() + 2}-06-30`;
    const uploaded = await courier.client.ctx.post("/api/courier/documents", {
      multipart: { data: JSON.stringify({ kind: "licence", expiresOn }), photo: await png() },
      headers: { "XSRF-Token": await courier.client.xsrf() },
    });
    expect(uploaded.status()).toBe(201);
    await phone.goto("/courier");
    await look(phone, "courier application");
    await phone.goto("/courier/documents");
    await expect(phone.locator('[data-document="licence"]')).toContainText(`30 jun ${expiresOn.slice(0, 4)}`);
    await look(phone, "courier documents");
  });

  expect(english).toEqual([]);
});
