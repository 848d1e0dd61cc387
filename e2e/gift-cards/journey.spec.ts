import { expect, test, type Browser, type Page } from "../fixtures";
import { uniqueEmail, type Client } from "../support/api";
import { signUpOperator } from "../support/operator";
import { alertWith, cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";
import { pathOf } from "../support/mailbox";

// Gift cards at 390 px (docs/architecture/ledger.md "Gift cards"): bad input refused beside its
// field, a card bought by card, the recipient's mail (the development mailbox: the e2e servers run
// without SMTP_URL) carrying the code and its link, the code redeemed once (a second press told it
// was redeemed), the amount on the wallet and spent at checkout; the operators' list.

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const main = (page: Page) => page.getByRole("main");
const wallet = async (page: Page) => (await (await page.request.get("/api/auth/")).json()) as { id: number; wallet: number };

/** The code and the link of the gift card mailed to `to`, once the worker has sent it. */
async function mailedGift(client: { get: Page["request"]["get"] }, to: string): Promise<{ code: string; link: string }> {
  let found: { code: string; link: string } | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await client.get(`/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
        const mail = html.split("<li").find((item) => item.includes("Your code:"));
        const code = mail && /Your code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/.exec(mail)?.[1];
        const link = mail && /(https?:\/\/[^\s<"]+\/gift-cards\/redeem\?code=[A-Z0-9-]+)/.exec(mail)?.[1];
        found = code && link ? { code, link } : undefined;
        return found;
      },
      { message: `a gift card mail to ${to} in the development mailbox`, timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

async function pageAs(browser: Browser, client: Client, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, storageState: await client.ctx.storageState() });
  return context.newPage();
}

test("a gift card bought at 390 px is mailed with its code, redeemed once into the wallet and spent at checkout", async ({ page, browser, baseURL }) => {
  await page.setViewportSize(PHONE);
  const buyer = await signUpInBrowser(page);
  const to = uniqueEmail("gift");

  await test.step("bad input is refused beside its field and nothing is charged", async () => {
    await page.goto("/gift-cards");
    await expect(page.getByRole("heading", { level: 1, name: "Gift cards" })).toBeVisible();
    await expect(main(page).getByText("No gift cards sent yet.", { exact: false })).toBeVisible();
    await page.getByLabel("Amount (USD)").fill("-5");
    await page.getByLabel("Recipient's email").fill(to);
    await page.getByRole("button", { name: "Pay and send" }).click();
    await expect(main(page).getByText("amount must be from 5 to 500 USD")).toBeVisible();
    await page.getByLabel("Amount (USD)").fill("40");
    await page.getByLabel("Recipient's email").fill("not-an-email");
    await page.getByRole("button", { name: "Pay and send" }).click();
    await expect(page.getByLabel("Recipient's email")).toHaveAttribute("aria-invalid", "true");
    // Over the API too: a currency no market sells in, and a zero amount, each named.
    for (const [body, field] of [
      [{ currency: "CHF", recipients: [{ email: to, amount: 10 }] }, "currency"],
      [{ recipients: [{ email: to, amount: 0 }] }, "recipients.0.amount"],
    ] as const) {
      const refused = await buyer.client.post("/api/gift-cards", body);
      expect(refused.status()).toBe(400);
      expect(Object.keys((await refused.json()).errors)).toEqual([field]);
    }
    expect((await (await page.request.get("/api/gift-cards")).json()).giftCards).toEqual([]);
  });

  await test.step("a card of $100 is bought with the saved card and listed as sent; the buyer sees no code", async () => {
    await page.getByLabel("Amount (USD)").fill("100");
    await page.getByLabel("Recipient's email").fill(to);
    await page.getByLabel("Message (optional)").fill("Dinner is on us!");
    await page.getByRole("button", { name: "Pay and send" }).click();
    await expect(alertWith(page, `Gift card of $100.00 sent to ${to}`)).toBeVisible();
    const sent = page.getByRole("region", { name: "Gift cards you sent" });
    await expect(sent.getByText(to)).toBeVisible();
    await expect(sent.getByText("Sent", { exact: true })).toBeVisible();
    await expect(main(page)).not.toContainText("Your code");
    await expectAccessible(page, "gift cards");
    await shoot(page, "gift-cards");
  });

  const { code, link } = await mailedGift(page.request, to);
  const recipient = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  const signed = await signUpInBrowser(recipient);
  // The signup's demo credit spent, so the wallet holds the gift alone.
  const start = await wallet(recipient);
  await signed.client.put(`/api/users/wallet/deduct/${signed.user.id}`, { amount: start.wallet });

  await test.step("opening a link redeems nothing, however it is made: only a press (a POST) does", async () => {
    // The wallet's old field redeemed on a GET; a link (or a prefetch of one) must not move money.
    await recipient.goto(`${pathOf(link)}&from=wallet`);
    await expect(recipient.getByLabel("Gift card code")).toHaveValue(code);
    await recipient.waitForLoadState("networkidle");
    expect((await recipient.request.get(`/api/gift-cards/redeem?code=${encodeURIComponent(code)}`)).status()).toBe(405);
    expect((await wallet(recipient)).wallet).toBe(0);
    await expect(alertWith(recipient, "added to your wallet")).toHaveCount(0);
  });

  await test.step("the mail's link fills in the code; it redeems once, and a second time is refused with a clear message", async () => {
    await recipient.goto(pathOf(link));
    await expect(recipient.getByRole("heading", { level: 1, name: "Redeem your gift card" })).toBeVisible();
    await expect(recipient.getByLabel("Gift card code")).toHaveValue(code);
    await shoot(recipient, "gift-card-redeem");
    await recipient.getByRole("button", { name: "Redeem", exact: true }).click();
    await expect(alertWith(recipient, "$100.00 added to your wallet")).toBeVisible();
    expect((await wallet(recipient)).wallet).toBe(100);
    await recipient.goto("/wallet");
    await expect(main(recipient).getByText("Gift card", { exact: true }).first()).toBeVisible();
    await expectAccessible(recipient, "wallet with a gift card");
    await shoot(recipient, "gift-card-wallet");
    // The wallet's own code field (a POST from the page): the same code again is refused beside the field, nothing added.
    await recipient.getByLabel("Gift card code").fill(code.toLowerCase());
    await recipient.getByRole("button", { name: "Redeem", exact: true }).click();
    await expect(main(recipient).getByText("This gift card has already been redeemed.")).toBeVisible();
    expect(pathOf(recipient.url())).toBe("/wallet");
    await expect(recipient.getByLabel("Gift card code")).toHaveAttribute("aria-invalid", "true");
    expect((await wallet(recipient)).wallet).toBe(100);
  });

  await test.step("the gift's balance pays an order at checkout", async () => {
    await fillCart(recipient, 3);
    await cartButton(recipient).click();
    await recipient.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
    await recipient.waitForURL("**/checkout");
    await recipient.getByRole("radio", { name: /Wallet Balance \$100\.00/ }).check();
    await recipient.getByRole("button", { name: "Place order" }).click();
    await expect(alertWith(recipient, "Your food will arrive soon!")).toBeVisible();
    await recipient.waitForURL(/\/orders$/);
    const { orders } = (await (await recipient.request.get("/api/orders")).json()) as { orders: { totalCost: number }[] };
    const total = orders[0]!.totalCost;
    expect(Math.round((await wallet(recipient)).wallet * 100)).toBe(10_000 - Math.round(total * 100));
  });

  await test.step("the buyer's list says redeemed; the operators see the card", async () => {
    await page.reload();
    await expect(page.getByRole("region", { name: "Gift cards you sent" }).getByText("Redeemed", { exact: true })).toBeVisible();
    const nia = await signUpOperator(baseURL!);
    const console = await pageAs(browser, nia.client, baseURL!);
    await console.goto("/admin/gift-cards");
    await expect(console.getByRole("heading", { level: 1, name: "Gift cards" })).toBeVisible();
    await expect(console.getByText(`To ${to}`)).toBeVisible();
    await shoot(console, "admin-gift-cards");
  });
});
