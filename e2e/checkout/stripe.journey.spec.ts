import Database from "better-sqlite3";
import { expect, test, type Page } from "../fixtures";
import { StripeStandIn } from "@/lib/server/payments/providers/stripe/testing/stand-in";
import { formatCents } from "@/lib/shared/money/money";
import { alertWith, cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";
import { startServer, type Server } from "../support/server";
import { routeStripe } from "../support/stripe-js";

// A card form a real processor accepts (docs/architecture/stripe.md "Stripe.js"): a server of its own
// (E2E_PORT + 12, data/e2e-stripe) on Stripe, its API the local stand-in
// (lib/server/payments/providers/stripe/testing/stand-in.ts), and the browser's Stripe hosts routed to the
// Stripe.js stand-in (support/stripe-js.ts) backed by the same stand-in. A customer adds cards in
// Stripe's Payment Element and pays at checkout: a card paid, a decline beside the cards, a 3-D Secure
// challenge completed in the page, a wallet (the Express Checkout Element's Google Pay). The card
// numbers go to Stripe's API only: in no request to Nosh, no database row, no line of its log.

test.describe.configure({ timeout: 180_000 });

const PORT = Number(process.env.E2E_PORT ?? 3111) + 12;
const SECRET_KEY = "sk_test_standin0123";
const PUBLISHABLE_KEY = "pk_test_standin0123";
const RESTAURANT = 3;
const NUMBERS = { visa: "4242424242424242", declined: "4000000000000002", secure: "4000002500003155", mastercard: "5555555555554444" };
const INVALID = "4242424242424241";

let standIn: StripeStandIn;
let server: Server;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = new StripeStandIn(SECRET_KEY);
  const base = await standIn.start();
  server = await startServer({
    port: PORT,
    dataDir: "data/e2e-stripe",
    args: [],
    env: {
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      // Demo data off: the wallet's Add Funds is a card top-up.
      NOSH_DEMO: "off",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: "whsec_standin0123",
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_API_BASE: base,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await standIn?.stop();
});

async function toCheckout(page: Page) {
  await fillCart(page, RESTAURANT);
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await page.getByRole("radio", { name: /Credit card/ }).check();
}

/** "Add a card", the number typed in the Payment Element's frame, saved: the card listed and chosen. */
async function addCard(page: Page, number: string, label: RegExp) {
  await page.getByRole("button", { name: "Add a card" }).click();
  const element = page.frameLocator('iframe[title="Secure payment input frame"]');
  await element.getByLabel("Card number").fill(number);
  await element.getByLabel("Expiration date").fill("12 / 34");
  await element.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("radio", { name: label })).toBeChecked();
}

async function placed(page: Page) {
  await expect(alertWith(page, "Your food will arrive soon!")).toBeVisible({ timeout: 20_000 });
  await page.waitForURL(/\/orders$/);
}

test("Stripe's Elements take the cards: paid, declined beside the cards, 3-D Secure completed in the page, a wallet; no card number reaches Nosh", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const toStripe = await routeStripe(context, standIn, PUBLISHABLE_KEY);
  const toNosh: { url: string; body: string }[] = [];
  context.on("request", (sent) => {
    if (sent.url().startsWith(server.url)) toNosh.push({ url: sent.url(), body: sent.postData() ?? "" });
  });
  const page = await context.newPage();
  await page.goto("/login");
  await signUpInBrowser(page);

  await test.step("the policy opens Stripe's documented hosts on Stripe only", async () => {
    const policy = (await page.request.get("/checkout")).headers()["content-security-policy"]!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com;/);
    expect(policy).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com;/);
    // The shared test server runs the built-in test provider: its policy names no Stripe host.
    expect((await request.get("/login")).headers()["content-security-policy"]).not.toContain("stripe");
  });

  await test.step("a bad number is Stripe's message inside the Element; nothing saved", async () => {
    await toCheckout(page);
    await expect(page.getByText("No card saved yet.")).toBeVisible();
    await page.getByRole("button", { name: "Add a card" }).click();
    const element = page.frameLocator('iframe[title="Secure payment input frame"]');
    await element.getByLabel("Card number").fill(INVALID);
    // The Elements are set up in the order's currency (this restaurant's market: USD), Stripe's way.
    expect(await page.evaluate(() => (window as unknown as { __stripeElementsCurrency?: string }).__stripeElementsCurrency)).toBe("usd");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(element.getByRole("alert")).toHaveText("Your card number is invalid.");
    await expect(page.getByRole("group", { name: "Add a card" }).getByRole("alert")).toHaveText("Your card number is invalid.");
    await page.getByRole("button", { name: "Cancel" }).click();
  });

  await test.step("a declined card: the bank's answer beside the cards; another card pays", async () => {
    await addCard(page, NUMBERS.declined, /Visa •••• 0002/);
    await shoot(page, "checkout-stripe-card");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.locator("#payment-error")).toHaveText("Your card was declined. Try another card.");
    await addCard(page, NUMBERS.visa, /Visa •••• 4242/);
    await page.getByRole("button", { name: "Add a card" }).click();
    await expect(page.frameLocator('iframe[title="Secure payment input frame"]').getByLabel("Card number")).toBeVisible();
    await expectAccessible(page, "checkout with Stripe's Payment Element");
    await shoot(page, "checkout-stripe-element");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Place order" }).click();
    await placed(page);
  });

  await test.step("3-D Secure: Stripe.js's challenge in the page, completed; the order placed", async () => {
    await toCheckout(page);
    await addCard(page, NUMBERS.secure, /Visa •••• 3155/);
    await page.getByRole("button", { name: "Place order" }).click();
    const dialog = page.getByRole("dialog", { name: "3D Secure test authentication" });
    await dialog.getByRole("button", { name: "Complete authentication" }).click();
    await placed(page);
  });

  await test.step("a wallet: the Express Checkout Element's Google Pay saves its card, which pays", async () => {
    await toCheckout(page);
    await page.getByRole("button", { name: "Add a card" }).click();
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    await expect(page.getByRole("radio", { name: /Visa •••• 1881/ })).toBeChecked();
    await page.getByRole("button", { name: "Place order" }).click();
    await placed(page);
  });

  await test.step("the wallet's top-up: a card added in the Element pays $20.00", async () => {
    await page.goto("/wallet");
    const balance = page.locator("#main").getByTestId("wallet-balance");
    const before = Math.round(Number((await balance.textContent())!.replace(/[$,]/g, "")) * 100);
    await page.getByRole("button", { name: "Add Funds" }).click();
    await page.getByLabel("Amount (USD)").fill("20");
    await addCard(page, NUMBERS.mastercard, /Mastercard •••• 4444 · expires 12\/34/);
    await page.getByRole("button", { name: "Add funds", exact: true }).click();
    await expect(balance).toHaveText(formatCents(before + 2000));
  });

  await test.step("the numbers went to Stripe's API only: no request to Nosh, no row, no log line carries one", async () => {
    const stripeBodies = toStripe.map((sent) => sent.postData() ?? "").join("\n");
    for (const number of Object.values(NUMBERS)) expect(stripeBodies).toContain(number);
    expect(toNosh.length).toBeGreaterThan(20);
    const db = new Database(server.dbFile, { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    const rows = tables.map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())).join("\n");
    const payments = db.prepare("SELECT COUNT(*) AS n FROM Payment WHERE provider = 'stripe'").get() as { n: number };
    db.close();
    expect(payments.n).toBeGreaterThanOrEqual(4);
    for (const number of [...Object.values(NUMBERS), INVALID]) {
      for (const sent of toNosh) expect(`${sent.url} ${sent.body}`).not.toContain(number);
      expect(rows).not.toContain(number);
      expect(server.output()).not.toContain(number);
    }
  });
  await context.close();
});
