import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import type { Client } from "../support/api";
import { disputedOrder } from "../support/disputes";
import { signUpOperator } from "../support/operator";
import { expectAccessible } from "../support/pages";

// The disputes queue in a browser (docs/architecture/disputes.md "Disputes"): a charge disputed by
// the test provider's disputing card is in the operator's queue; its page shows the evidence
// gathered from the order, and the operator sends it with an explanation; the customer's order page
// says Disputed. Axe over the queue, the dispute's page and the order page; 390 px fits. With
// SCREENSHOT_DIR set, the queue, the dispute and the disputed order are saved at 390 and 1280 px.

async function pageAs(browser: Browser, client: Client, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}

const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("the operator finds a disputed charge in the queue, reads its evidence and sends it; the customer's order says Disputed", async ({
  browser,
  baseURL,
  customer,
  owner,
}) => {
  // Two of the test provider's webhooks are awaited (sent by the server's job a few seconds after each move).
  test.setTimeout(120_000);
  const nia = await signUpOperator(baseURL!);
  const { order, dispute } = await disputedOrder(customer.client, owner, nia);

  for (const width of [390, 1280]) {
    const queue = await pageAs(browser, nia.client, baseURL!, width);
    await queue.goto("/admin/disputes");
    await expect(queue.getByRole("heading", { name: "Disputes", level: 1 })).toBeVisible();
    const row = queue.locator(`[data-dispute="${dispute.id}"]`);
    await expect(row).toContainText("Needs evidence");
    await expect(row).toContainText(`#${order.id}`);
    expect(await fits(queue)).toBe(true);
    await shot(queue, `disputes-queue-${width}`);
    if (width === 1280) await expectAccessible(queue, "disputes queue");

    const mine = await pageAs(browser, customer.client, baseURL!, width);
    await mine.goto(`/orders/${order.id}`);
    const disputed = mine.locator("[data-disputed]");
    await expect(disputed).toContainText("Disputed");
    await expect(disputed).toContainText("You disputed the charge");
    expect(await fits(mine)).toBe(true);
    await shot(mine, `disputed-order-${width}`);
    if (width === 390) await expectAccessible(mine, "disputed order");
    await mine.context().close();
    if (width === 390) {
      // The dispute's page on a phone: the evidence reads down the screen.
      await queue.goto(`/admin/disputes/${dispute.id}`);
      await expect(queue.getByText(`Nosh order #${order.id}`)).toBeVisible();
      expect(await fits(queue)).toBe(true);
      await shot(queue, `dispute-${width}`);
      await queue.context().close();
      continue;
    }

    // The dispute's page: the evidence, then the one submission.
    await row.getByRole("link", { name: new RegExp(`Dispute #${dispute.id}`) }).click();
    await expect(queue.getByRole("heading", { name: `Dispute #${dispute.id}` })).toBeVisible();
    await expect(queue.getByText(`Nosh order #${order.id}`)).toBeVisible();
    await queue.getByRole("button", { name: "Submit evidence" }).click();
    await expect(queue.locator("form").getByRole("alert")).toContainText("Say why the charge stands");
    await queue.getByLabel(/Why the charge stands/).fill("The cardholder ordered and received it: receipt and trail above.");
    await expectAccessible(queue, "dispute evidence");
    await shot(queue, `dispute-${width}`);
    await queue.getByRole("button", { name: "Submit evidence" }).click();
    await expect(queue.locator("[data-evidence-sent]")).toBeVisible();
    await expect(queue.getByText("Under review", { exact: true })).toBeVisible();
    await queue.context().close();
  }
});
