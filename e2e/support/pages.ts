import { randomInt } from "node:crypto";
import axe, { type AxeResults } from "axe-core";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "@/lib/shared/demo/demo-accounts";
import { pageClient, signUp, uniqueEmail, uniquePhone } from "./api";
import { xsrfHeaders } from "./xsrf";

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page, label = page.url(), { except = [] }: { except?: string[] } = {}): Promise<void> {
  // Right after a client-side navigation the new page's <title> can land a moment after its
  // content (Next.js streams the metadata; React swaps the hoisted <title> when that commits):
  // one CI run's axe pass fell in that gap ("document-title" on /restaurants/manage). The page
  // as a visitor has it carries its title; a page that never gets one still fails here.
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5000 }).catch(() => undefined);
  const violations = await runAxe(page);
  const bad = violations.filter((v) => (v.impact === "serious" || v.impact === "critical") && !except.includes(v.id));
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    label,
  ).toEqual([]);
}

/**
 * axe-core's full rule set over the page as it is now, as @axe-core/playwright's legacy mode ran
 * it (axe in each same-origin frame, one `axe.run` from the top document), for less (e2e/README.md
 * "What a browser test costs": a scan cost 2.1 s, two page loads): axe's 580 KB source is
 * evaluated once per document, not twice per scan (AxeBuilder.analyze injected it on every call,
 * and again per frame), and only violations are detailed (`resultTypes`: the passes, the
 * incomplete and the inapplicable results, which nothing here reads, are summarised by axe rather
 * than walked node by node). Which rules run and what they find is unchanged.
 */
async function runAxe(page: Page): Promise<AxeResults["violations"]> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function").catch(() => true);
    if (present) continue;
    // A frame gone meanwhile is skipped, as AxeBuilder skips a frame it cannot inject.
    await frame
      .evaluate(axe.source)
      .then(() =>
        frame.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })),
      )
      .catch(() => undefined);
  }
  return page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return results.violations;
  });
}

// Hydration, seen from a test. A kept page runs its scripts after its first frame and its main
// photo (server/paint-first.mjs, "Paint first"), so a click pressed as soon as `goto` returns can land on
// server markup that does nothing yet (two CI runs lost one that way). React calls the DevTools
// hook, when a page has one, on every commit, production builds included; this one only notes
// that the first commit (the hydration) has happened.
const COMMITTED = "__noshCommitted";
const installCommitHook = (flag: string) => {
  const hook = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: () => void ((window as unknown as Record<string, boolean>)[flag] = true),
  };
  Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", { value: hook, configurable: true });
};

/** Waits until the page's React root has committed its hydration (at once on a document without Next.js's app). */
export async function awaitHydration(page: Page) {
  await page.waitForFunction((flag) => !("__next_f" in self) || (window as unknown as Record<string, boolean>)[flag] === true, COMMITTED, {
    timeout: 30_000,
  });
}

const hydrating = new WeakSet<Page>();
const patched = new WeakSet<Browser>();

/** Makes `page.goto` and `page.reload` return once the page has hydrated, as a visitor's first tap needs. */
export async function gotoHydrated(page: Page) {
  if (hydrating.has(page)) return;
  hydrating.add(page);
  await page.addInitScript(installCommitHook, COMMITTED);
  for (const name of ["goto", "reload"] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      const options = args.find((arg) => typeof arg === "object" && arg !== null) as { waitUntil?: string } | undefined;
      if (options?.waitUntil !== "commit") await awaitHydration(page);
      return response;
    };
  }
}

/**
 * Every page opened from `browser` (browser.newPage, or newPage on a context from
 * browser.newContext) gets gotoHydrated: a test's own contexts (a second customer, a time
 * zone, JavaScript off) wait for hydration as the `page` fixture does. One CI run lost an Add
 * pressed on such a page before it had hydrated.
 */
export function hydrateNewPages(browser: Browser) {
  if (patched.has(browser)) return;
  patched.add(browser);
  const hydrated = async (page: Page) => {
    await gotoHydrated(page);
    return page;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => hydrated(await newPage());
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => hydrated(await newPage(...args));
}

/** The visible in-page alert carrying this text (Next's route announcer is an alert too). */
export const alertWith = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

type Box = { x: number; y: number; width: number; height: number };
/** Whether two boxes (boundingBox()) overlap: a toast over a control. */
export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  return page.getByRole("navigation", { name: "Main menu" });
}

/** "Rosa (owner)", "Priya (customer)"...: the login page's button of demo account `id`. */
export const demoLabel = (id: number) => DEMO_ACCOUNTS.find((account) => account.id === id)!.label;

export async function demoLogin(page: Page, id: number) {
  await page.goto("/login");
  await page.getByRole("button", { name: `Log in as ${demoLabel(id)}` }).click();
  await page.waitForURL("**/home");
}

/**
 * Signs a fresh customer up through the page's own cookie jar (optionally with an address). Each
 * gets a street number of its own: the suite's customers are not one household.
 */
export async function signUpInBrowser(page: Page, { address = true } = {}) {
  const client = await pageClient(page);
  const { user, email, password } = await signUp(client, { name: "Casey Customer", password: "correct horse" }, "browser");
  const street = `${randomInt(100, 100_000)} Market St`;
  if (address) await client.put(`/api/users/${user.id}`, { address: street, city: "San Francisco", state: "CA", zip: "94105" });
  // Signing up issued a token bound to the new session: these headers carry it.
  return { user, email, password, headers: await xsrfHeaders(page.context()), client, street };
}

/** Adds the restaurant's first dish twice and its second once (3 items in the cart). */
export async function fillCart(page: Page, restaurantId: number) {
  await page.goto(`/restaurants/${restaurantId}`);
  // A click before the page has hydrated does nothing (seen on a loaded machine): the page's
  // scripts have all arrived once the network is quiet.
  await page.waitForLoadState("networkidle");
  const adds = page.getByRole("button", { name: /^Add .* to cart$/ });
  await adds.nth(0).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
  await adds.nth(0).click();
  await adds.nth(1).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 3 items");
}

/** Fills the /signup form shown and presses Sign up. */
export async function fillSignupForm(
  page: Page,
  { name, credential, password = "correct horse", address }: { name: string; credential: string; password?: string; address?: string },
) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email or phone number").fill(credential);
  await page.getByLabel("Password").fill(password);
  if (address !== undefined) await page.getByLabel("Delivery address (optional)").fill(address);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
}

/** Fills the signup modal a guest is offered (a fresh email and phone); the caller presses its button. */
export async function fillSignupModal(
  dialog: Locator,
  {
    firstName,
    lastName,
    label = "guest",
    password = "correct horse",
    confirm = password,
  }: { firstName: string; lastName: string; label?: string; password?: string; confirm?: string },
) {
  await dialog.getByLabel("First name").fill(firstName);
  await dialog.getByLabel("Last name").fill(lastName);
  await dialog.getByLabel("Email").fill(uniqueEmail(label));
  await dialog.getByLabel("Phone number").fill(uniquePhone());
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByLabel("Confirm password").fill(confirm);
}

/**
 * After Place order: /orders (the spec's navigation), with the new order first and marked "Just
 * placed" (the mark lasts while the restaurant has not answered: `marked: false` where a kitchen
 * accepts at once, as the demo's does), then its live page through the card's "Track order";
 * answers the order's id.
 */
export async function openPlacedOrder(page: Page, { marked = true }: { marked?: boolean } = {}): Promise<number> {
  await page.waitForURL(/\/orders$/);
  const card = page.getByRole("article").first();
  if (marked) await expect(card).toHaveAttribute("data-just-placed", "true");
  await card.getByRole("link", { name: /Track order/ }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** The cart button in the top bar, whose name carries the item count. */
export const cartButton = (page: Page) => page.getByRole("button", { name: /^Open cart/ });

/** With SCREENSHOT_DIR set, the page at phone and desktop width (for looking at, not compared). */
export async function shoot(page: Page, name: string, widths: readonly number[] = [390, 1280]) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/**
 * Every control in the page's main (buttons, fields; a radio's or checkbox's label; `also`, say the
 * links that act as buttons) at least 44 px each way: usable with one thumb.
 */
export async function expectThumbSized(page: Page, also = "") {
  const small = () =>
    page
      .locator("main")
      .locator(`button, input:not([type=hidden]), select, textarea${also ? `, ${also}` : ""}`)
      .evaluateAll((nodes) =>
        nodes
          // A radio or checkbox is pressed by its label.
          .map((node) => ({ node, box: (node.matches("[type=radio], [type=checkbox]") ? (node.closest("label") ?? node) : node).getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44))
          .map(({ node, box }) => `${node.outerHTML.slice(0, 80)}: ${box.width.toFixed(1)}x${box.height.toFixed(1)}`),
      );
  // Polled: a card still in its entrance (a transform scales its box) measured 43.x px once in CI.
  await expect.poll(small).toEqual([]);
}

/** expectThumbSized at a phone's width (390 px), the page's size put back after. */
export async function expectPhoneThumbSized(page: Page, also = "") {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expectThumbSized(page, also);
  await page.setViewportSize(size);
}
