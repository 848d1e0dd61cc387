import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { signUpOperator } from "../support/operator";
import { expectAccessible } from "../support/pages";

// A customer finds the legal pages in the footer, searches the help centre and writes to
// support; an operator answers from the console's queue and the customer reads the answer on
// the contact page. With SCREENSHOT_DIR set, the new pages are saved at 390 and 1280 px.

async function pageAs(browser: Browser, client: Client, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}
const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
};

test("footer legal links, a legal page, help search, the contact form and the operator's reply", async ({ browser, baseURL }) => {
  const customer = await signUpCustomer(baseURL!);
  const operator = await signUpOperator(baseURL!);
  const message = `The courier left my order at the wrong door ${Date.now().toString(36)}`;
  const answer = `Sorry about that: we refunded the order ${Date.now().toString(36)}`;

  for (const width of [390, 1280]) {
    const page = await pageAs(browser, customer.client, baseURL!, width);
    await test.step(`footer and legal page at ${width} px`, async () => {
      await page.goto("/home");
      const legal = page.getByRole("navigation", { name: "Legal" });
      for (const name of ["Terms of Service", "Privacy Policy", "Restaurant Partner Agreement", "Courier Agreement", "Cookie Notice"])
        await expect(legal.getByRole("link", { name })).toBeVisible();
      await legal.getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      await expect(page.getByText(/Version \d+ · In effect from/)).toBeVisible();
      await expectAccessible(page, `privacy policy ${width}`);
      await shot(page, "legal-privacy");
    });
    await test.step(`help search at ${width} px`, async () => {
      await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Help" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Help centre" })).toBeVisible();
      await page.getByRole("searchbox", { name: "Search help" }).fill("refund");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("status").filter({ hasText: /match(es)? "refund"/ })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Missing items, wrong food and refunds" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Become a courier" })).toHaveCount(0);
      await expectAccessible(page, `help search ${width}`);
      await shot(page, "help-search");
    });
    if (width === 390) {
      await test.step("the contact form", async () => {
        await page.getByRole("link", { name: "Contact us" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
        await page.getByRole("button", { name: "Send message" }).click();
        await expect(page.getByText("Choose what your message is about")).toBeVisible();
        await page.getByRole("combobox", { name: /^What is it about\?/ }).selectOption("delivery");
        await page.getByRole("textbox", { name: /^Your message/ }).fill(message);
        await page.getByRole("button", { name: "Send message" }).click();
        await expect(page.getByRole("status").filter({ hasText: "your message reached Nosh support" })).toBeVisible();
        await expect(page.getByText(message)).toBeVisible();
        await expect(page.getByText("Waiting for an answer")).toBeVisible();
        await expectAccessible(page, "contact form");
        await shot(page, "contact");
      });
    }
    await page.context().close();
  }

  await test.step("the operator answers from the queue", async () => {
    for (const width of [1280, 390]) {
      const console = await pageAs(browser, operator.client, baseURL!, width);
      // At 390 px, after the reply: the message is under "Answered".
      await console.goto(width === 1280 ? "/admin/support" : "/admin/support?view=answered");
      await expect(console.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
      await expect(console.getByText(message)).toBeVisible();
      await shot(console, "admin-support");
      if (width === 1280) {
        await expectAccessible(console, "support queue");
        const card = console.locator("section[aria-labelledby^='ticket-']").filter({ hasText: message });
        await card.getByRole("textbox", { name: "Reply" }).fill(answer);
        await card.getByRole("button", { name: "Send reply" }).click();
        await expect(console.getByText(message)).toHaveCount(0);
        await console.getByRole("link", { name: "Answered" }).click();
        await expect(console.getByText(answer)).toBeVisible();
      }
      await console.context().close();
    }
  });

  await test.step("the customer reads the answer", async () => {
    const page = await pageAs(browser, customer.client, baseURL!, 390);
    await page.goto("/help/contact");
    await expect(page.getByText(answer)).toBeVisible();
    await expect(page.getByText("Answered", { exact: false }).first()).toBeVisible();
    await expectAccessible(page, "contact with the answer");
    await shot(page, "contact-answered");
    await page.context().close();
  });
});
