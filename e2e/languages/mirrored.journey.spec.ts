import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "../fixtures";
import { LANGUAGE_COOKIE, MIRRORED } from "@/lib/i18n/locale";
import { placeOrder, standardWallet } from "../support/orders";
import { cartButton, fillCart, shoot, signUpInBrowser } from "../support/pages";

// Right to left ready (docs/architecture/languages.md "Right to left"): the mirror pseudo-locale
// (the language cookie en-XB, honoured where NOSH_ENV is not production, as on these servers)
// reads English laid out right to left. Each key page opens in it: `<html dir="rtl">`, the line's
// start on the right (the brand, the first heading's words, the first column, the Back link and
// its chevron, the side panels), and nothing wider than the screen, on a phone and a desktop.

test.describe.configure({ timeout: 120_000 });

const RESTAURANT = 3;

/** This browser reads the mirror pseudo-locale from now on. */
const mirror = (page: Page, baseURL: string | undefined) => page.context().addCookies([{ name: LANGUAGE_COOKIE, value: MIRRORED, url: baseURL! }]);

/** Where a locator's box sits across the screen: its left and right edges, in px from each side. */
async function edges(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  return { fromLeft: box.x, fromRight: width - box.x - box.width };
}

/** The words of an element (not its box, which may be the whole line), from each side. */
async function wordsEdges(page: Page, locator: Locator) {
  const { left, right } = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right };
  });
  return { fromLeft: left, fromRight: page.viewportSize()!.width - right };
}

/** Elements past either side of the screen, but inside a box that scrolls or clips them (a row of chips, a strip of columns). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const held = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== "visible") return true;
      return false;
    };
    const out = [...document.body.querySelectorAll("*")].filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && (rect.left < -1 || rect.right > width + 1) && !held(element);
    });
    return { scroll: document.documentElement.scrollWidth - width, out: out.slice(0, 5).map((element) => `${element.tagName} ${element.getAttribute("class") ?? ""}`) };
  });

/** Mirrored, and nothing wider than the screen at 390 and 1280 px; back at 1280 x 720. */
async function expectMirrored(page: Page, name: string) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => overflowing(page), `${name} at ${width} px`).toEqual({ scroll: 0, out: [] });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await shoot(page, `mirrored-${name}`);
}

test.describe("right to left (the mirror pseudo-locale)", () => {
  test("the landing page and a restaurant read from the right: the brand, the first heading, the hero's card", async ({ page, baseURL }) => {
    await mirror(page, baseURL);
    await page.goto("/");
    await expectMirrored(page, "landing");
    const brand = page.getByRole("banner").getByRole("link", { name: "Nosh", exact: true });
    const { fromLeft, fromRight } = await edges(page, brand);
    expect(fromRight).toBeLessThan(fromLeft);
    const heading = await wordsEdges(page, page.getByRole("heading", { level: 1 }));
    expect(heading.fromRight).toBeLessThan(heading.fromLeft);
    expect(heading.fromRight).toBeLessThan(200);
    // The address field's pin is at the field's start, the right, and its words start after it.
    const field = await edges(page, page.locator("#landing-address"));
    const pin = await edges(page, page.locator("svg:has(+ #landing-address)"));
    expect(pin.fromRight - field.fromRight).toBeGreaterThan(8);
    expect(pin.fromRight - field.fromRight).toBeLessThan(32);

    await page.goto(`/restaurants/${RESTAURANT}`);
    await expectMirrored(page, "restaurant");
    const name = await wordsEdges(page, page.getByRole("heading", { level: 1 }));
    expect(name.fromRight).toBeLessThan(name.fromLeft);
  });

  test("the cart panel opens on the left; checkout's Back link and its chevron point right, from the right", async ({ page, baseURL }) => {
    await mirror(page, baseURL);
    await signUpInBrowser(page);
    await fillCart(page, RESTAURANT);
    await cartButton(page).click();
    const cart = page.getByRole("dialog", { name: "Your cart" });
    // The panel at the line's end: the left edge, once it has slid in.
    await expect.poll(async () => Math.round((await edges(page, cart)).fromLeft)).toBe(0);
    expect((await edges(page, cart)).fromRight).toBeGreaterThan(500);
    await cart.getByRole("button", { name: "Checkout", exact: true }).click();
    await page.waitForURL("**/checkout");
    await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
    await expectMirrored(page, "checkout");
    const back = page.getByRole("link", { name: "Back to store" });
    const { fromLeft, fromRight } = await edges(page, back);
    expect(fromRight).toBeLessThan(fromLeft);
    expect(await back.locator("use").evaluate((use) => getComputedStyle(use).transform)).toBe("matrix(-1, 0, 0, 1, 0, 0)");
    const heading = await wordsEdges(page, page.getByRole("heading", { level: 1, name: "Checkout" }));
    expect(heading.fromRight).toBeLessThan(heading.fromLeft);
  });

  test("the kitchen's order board reads from the right: New is the rightmost column, Preparing beside it, the way back on the right", async ({
    page,
    baseURL,
    customer,
    owner,
  }) => {
    await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, submit: standardWallet });
    await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
    await mirror(page, baseURL);
    await page.goto(`/restaurants/${owner.restaurant.id}/orders`);
    const fresh = page.getByRole("region", { name: "New 1" });
    await expect(fresh.getByRole("listitem", { name: /^Order #/ })).toHaveCount(1);
    await expectMirrored(page, "board");
    const preparing = page.getByRole("region", { name: /^Preparing/ });
    expect((await edges(page, fresh)).fromRight).toBeLessThan((await edges(page, preparing)).fromRight);
    expect((await edges(page, fresh)).fromRight).toBeLessThan(100);
    // The way back starts the line, on the right, its chevron pointing right.
    const back = page.getByRole("main").getByRole("link", { name: "Your restaurants" });
    expect((await edges(page, back)).fromRight).toBeLessThan(100);
    expect(await back.locator("use").evaluate((use) => getComputedStyle(use).transform)).toBe("matrix(-1, 0, 0, 1, 0, 0)");
  });

  test("the host keeps the mirrored page apart: right to left with the cookie, left to right without, replays included; /language/en-XB sets it", async ({ request }) => {
    const dir = async (cookie?: string) => /<html[^>]* dir="(\w+)"/.exec(await (await request.get("/", { headers: cookie ? { Cookie: cookie } : {} })).text())?.[1];
    for (let round = 0; round < 3; round++) {
      expect(await dir(`${LANGUAGE_COOKIE}=${MIRRORED}`)).toBe("rtl");
      expect(await dir()).toBe("ltr");
      expect(await dir(`${LANGUAGE_COOKIE}=es`)).toBe("ltr");
    }
    // A link for trying it by hand (a 404 in production).
    const link = await request.get(`/language/${MIRRORED}`, { maxRedirects: 0 });
    expect(link.status()).toBe(303);
    expect(link.headers()["set-cookie"]).toMatch(new RegExp(`^${LANGUAGE_COOKIE}=${MIRRORED}; Path=/`, "m"));
  });
});
