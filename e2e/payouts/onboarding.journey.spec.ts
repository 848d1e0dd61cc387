import { expect, test, type Page } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier } from "../support/couriers";
import { expectAccessible, shoot } from "../support/pages";

// "Set up payouts" on screen (docs/architecture/payouts.md): the owner's payouts page and the
// courier app send the payee to the test provider's onboarding page, whose three answers
// (verify, needs more information, reject) bring them back to Nosh, where the state follows the
// provider's signed account.updated webhook (sent by the test-webhooks job seconds later).

test.describe.configure({ timeout: 120_000 });

async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}

// The visible one: while React streams the page, a finished segment waits in a hidden copy until its swap (seen under load: two matches).
const state = (page: Page) => page.getByTestId("payout-account-state").filter({ visible: true });

/** From "Set up payouts" (or its follow-up) to the test provider's page, answered; back on `back`. */
async function onboard(page: Page, button: string, answer: "Verify" | "Needs more information" | "Reject", back: RegExp, shot?: string) {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/test-provider\/onboarding\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set up payouts" })).toBeVisible();
  if (shot) {
    await expectAccessible(page, "test-onboarding");
    await shoot(page, shot);
  }
  await page.getByRole("button", { name: answer, exact: true }).click();
  await page.waitForURL(back);
}

test("the owner sets up payouts: the test provider's page, verify, back to Verified; another owner's link is not theirs", async ({ page, owner }) => {
  await logIn(page, owner.client);
  await page.goto(`/restaurants/${owner.restaurant.id}/payouts`);
  await expect(state(page)).toHaveText("Set up payouts to receive your earnings. A payout you ask for waits until your payout account is verified.");
  await shoot(page, "payout-setup");

  await onboard(page, "Set up payouts", "Verify", new RegExp(`/restaurants/${owner.restaurant.id}/payouts`), "test-onboarding");
  // The return URL's query is taken off; the state arrives with the webhook.
  await expect(state(page)).toContainText("Verified · Bank account ••••6789 (Test payee)", { timeout: 30_000 });
  expect(new URL(page.url()).search).toBe("");
  await expect(page.getByRole("button", { name: "Set up payouts" })).toHaveCount(0);
  await expectAccessible(page, "payout-verified");
  await shoot(page, "payout-verified");
});

test("needs more information shows what is missing; added, then rejected: paused with the reason", async ({ page, owner }) => {
  await logIn(page, owner.client);
  await page.goto(`/restaurants/${owner.restaurant.id}/payouts`);
  const back = new RegExp(`/restaurants/${owner.restaurant.id}/payouts`);
  await onboard(page, "Set up payouts", "Needs more information", back);
  await expect(state(page)).toContainText("More information needed: ID number (SSN), identity document", { timeout: 30_000 });
  await expect(state(page)).toHaveAttribute("data-state", "restricted");
  await shoot(page, "payout-more-information");

  await onboard(page, "Add the missing information", "Reject", back);
  await expect(state(page)).toContainText("Payouts paused: the payment provider rejected this account. Contact Nosh support.", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: /Set up payouts|Add the missing information/ })).toHaveCount(0);
  await shoot(page, "payout-rejected");
});

test("a courier sets up payouts from the courier app and comes back to it", async ({ browser, baseURL }) => {
  const { client: courier, user } = await signUpCustomer(baseURL!);
  await makeCourier(user.id);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await courier.ctx.storageState() });
  const page = await context.newPage();
  try {
    await page.goto("/courier");
    await page.getByRole("button", { name: "Show earnings" }).click();
    await expect(state(page)).toContainText("Set up payouts to receive your earnings.");
    await shoot(page, "courier-payout-setup");
    await onboard(page, "Set up payouts", "Needs more information", /\/courier/);
    // Back in the app: the payout details open by themselves.
    await expect(state(page)).toContainText("More information needed: ID number (SSN), identity document", { timeout: 30_000 });
    await onboard(page, "Add the missing information", "Verify", /\/courier/);
    await expect(state(page)).toContainText("Verified", { timeout: 30_000 });
    await shoot(page, "courier-payout-verified");
  } finally {
    await context.close();
  }
});
