import { expect, test, type Browser, type BrowserContext, type Page } from "../fixtures";
import { LANGUAGE_COOKIE, MIRRORED } from "@/lib/i18n/locale";
import { demoLogin, fillCart } from "../support/pages";
import { overflow } from "../support/phone-width";
import { englishOn } from "../support/english-text";

// No page scrolls sideways on a phone in Spanish or in the mirror pseudo-locale (right to left),
// as in English (e2e/platform/phone-width.journey.spec.ts): every page of the four roles at
// 390 px in Spanish (its words run longest), each role in a context of its own per language,
// signed in as the demo accounts (read only: nothing is ordered); in the mirror, one page of each
// layout (`mirrored(...)`: lists, forms, tables, the board, the courier app), since
// lib/i18n/logical-css.test.ts already refuses a physical side in the CSS. A page wider than the
// screen is named with its widest element; a Spanish page showing an English catalogue message or
// a US number or date (e2e/support/english-text.ts) with what it shows.

test.describe.configure({ timeout: 180_000 });

const LANGUAGES = ["es", MIRRORED] as const;
const RESTAURANT = 1;
const OWNER = `/restaurants/${RESTAURANT}`;

/** A page found from a link on another: its list, the link's pattern and what follows it. */
type Linked = { from: string; link: RegExp; then?: string };
type Visit = string | Linked;

/** The pages visited in the mirror as well as in Spanish. */
const MIRROR = new Set<Visit>();
const mirrored = <V extends Visit>(visit: V): V => (MIRROR.add(visit), visit);

const VISITOR: Visit[] = [
  mirrored("/"),
  mirrored("/login"),
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  mirrored("/help"),
  "/help/contact",
  "/about",
  mirrored("/legal/terms"),
  ...["privacy", "restaurant-partners", "couriers", "cookies"].map((kind) => `/legal/${kind}`),
  mirrored(OWNER),
  `/reviews/restaurant/${RESTAURANT}`,
  mirrored("/search?q=taco"),
  "/developers/api",
  "/no/such/page",
];
const CUSTOMER: Visit[] = [
  mirrored("/home"),
  mirrored("/account"),
  ...["email", "name", "phone", "password", "notifications"].map((part) => `/account/${part}`),
  mirrored("/wallet"),
  "/credits",
  "/orders",
  mirrored({ from: "/orders", link: /^\/orders\/\d+$/ }),
  mirrored({ from: "/orders", link: /^\/orders\/\d+$/, then: "/receipt" }),
  "/favorites",
  "/reviews",
  "/menu-items",
  mirrored({ from: OWNER, link: /^\/menu-items\/\d+$/ }),
  "/restaurants/new",
  OWNER,
  mirrored("/checkout"),
];
const OWNER_PAGES: Visit[] = [
  mirrored("/restaurants/manage"),
  OWNER,
  ...["orders", "menu", "update", "payouts", "insights"].map((part) => mirrored(`${OWNER}/${part}`)),
  ...["team", "statements", "promotions", "translations", "api-keys", "webhooks"].map((part) => `${OWNER}/${part}`),
  mirrored({ from: `${OWNER}/orders`, link: /\/tickets\/\d+$/ }),
  "/menu-items/new",
  { from: `${OWNER}/menu`, link: /^\/menu-items\/\d+\/update$/ },
  { from: `${OWNER}/menu`, link: /^\/menu-items\/\d+\/delete$/ },
];
const COURIER: Visit[] = [mirrored("/courier"), "/courier/blocks", mirrored("/courier/documents"), "/courier/record", "/account"];
const ADMIN = ["audit", "courier-appeals", "courier-documents", "courier-ratings", "couriers", "deliveries", "disputes", "legal"];
const OPERATOR: Visit[] = [
  mirrored("/admin"),
  ...["delivery-pricing", "markets", "orders"].map((part) => mirrored(`/admin/${part}`)),
  ...[...ADMIN, "problems", "reconciliation", "restaurants", "reviews", "support", "tax", "top-up-limits", "users", "zones"].map((part) => `/admin/${part}`),
  mirrored({ from: "/admin/orders", link: /^\/admin\/orders\/\d+$/ }),
  { from: "/admin/users", link: /^\/admin\/users\/\d+$/ },
];

/** The page's address: the path, or the first link on `from` matching the pattern (undefined when it has none). */
async function pathOf(page: Page, visit: Visit): Promise<string | undefined> {
  if (typeof visit === "string") return visit;
  await page.goto(visit.from);
  // The first matching link, once the list shows it (some lists render after the page loads).
  let href: string | undefined;
  await expect
    .poll(async () => {
      const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      return (href = hrefs.find((candidate) => visit.link.test(candidate)));
    })
    .toBeTruthy();
  return href && href + (visit.then ?? "");
}

/**
 * Each page at 390 px in Spanish, the `mirrored` ones in the mirror too, in a phone's context of
 * its own per language (`signIn` runs once, first, in English), and the pages wider than the screen
 * with their widest element.
 */
async function widePages(browser: Browser, baseURL: string, visits: Visit[], signIn?: (page: Page) => Promise<void>) {
  const wide: string[] = [];
  // Signed in once: the second language's context starts from the first one's cookies and storage.
  let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
  for (const language of LANGUAGES) {
    await test.step(language, async () => {
      const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
      const context = await browser.newContext({ baseURL, ...phone, storageState: signedIn });
      const page = await context.newPage();
      if (signIn && !signedIn) {
        await signIn(page);
        signedIn = await context.storageState();
      }
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL }]);
      for (const visit of language === MIRRORED ? visits.filter((visit) => MIRROR.has(visit)) : visits) {
        const path = await pathOf(page, visit);
        expect(path, `a link on ${(visit as Linked).from}`).toBeTruthy();
        await page.goto(path!);
        await expect(page.locator("html")).toHaveAttribute("dir", language === MIRRORED ? "rtl" : "ltr");
        const { extra, widest } = await overflow(page);
        if (extra > 0) wide.push(`${language} ${path}: ${extra} px too wide, ${widest}`);
        // The API reference is English by design (docs/architecture/languages.md "Not yet").
        if (language === "es" && !path!.startsWith("/developers/")) for (const english of await englishOn(page)) wide.push(`es ${path}: English ${english}`);
      }
      await context.close();
    });
  }
  return wide;
}

test("signed out: the landing page, sign-in pages, help, legal pages, a restaurant and search fit a phone in Spanish and the mirror", async ({ browser, baseURL }) => {
  expect(await widePages(browser, baseURL!, VISITOR)).toEqual([]);
});

test("a customer's pages (account, wallet, orders, an order and its receipt, favorites, checkout with a cart) fit a phone in Spanish and the mirror", async ({
  browser,
  baseURL,
}) => {
  const priya = async (page: Page) => {
    await demoLogin(page, 3);
    await fillCart(page, 3);
  };
  expect(await widePages(browser, baseURL!, CUSTOMER, priya)).toEqual([]);
});

test("an owner's pages (the restaurant, its board, menu, hours, team, money, insights, promotions, translations, keys and webhooks) fit a phone in Spanish and the mirror", async ({
  browser,
  baseURL,
}) => {
  expect(await widePages(browser, baseURL!, OWNER_PAGES, (page) => demoLogin(page, 1))).toEqual([]);
});

test("a courier's and an operator's pages (the courier app, every /admin page) fit a phone in Spanish and the mirror", async ({ browser, baseURL }) => {
  expect(await widePages(browser, baseURL!, COURIER, (page) => demoLogin(page, 6))).toEqual([]);
  expect(await widePages(browser, baseURL!, OPERATOR, (page) => demoLogin(page, 9))).toEqual([]);
});
