import { describe, expect, it } from "vitest";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// "Set up payouts" through the provider's hosted onboarding (docs/architecture/payouts.md), on a
// real database with the built-in test provider (no delay): the owner's and the courier's link to
// the test provider's page, its three answers (verify, more information needed, reject) reaching
// Nosh only as signed account.updated webhooks, the link single use, and nobody else's onboarding
// reachable (another owner's restaurant: 404; a guessed or used link: none).

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  manage: await import("../restaurants/manage"),
  accounts: await import("./accounts"),
  payee: await import("./payee"),
  webhook: await import("./webhook"),
  webhooks: await import("../payments/webhooks"),
  testProvider: await import("../payments/providers/test/provider"),
  onboarding: await import("../payments/providers/test/onboarding"),
};

/** The test provider's due webhooks delivered through the route's handler. */
async function deliverEvents() {
  await m.testProvider.deliverTestWebhooks(async (body) => {
    await m.webhooks.handleWebhook("test", body, m.testProvider.signWebhook(body), new Date(), m.webhook.applyPayoutWebhook);
    return true;
  });
}

let people = 0;
async function ownerWithRestaurant() {
  const owner = await m.db.user.create({ data: { firstName: "Owner", email: `onboard${++people}@example.com`, restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  return { owner, restaurant, account: `restaurant:${restaurant.id}` };
}

const tokenOf = (url: string) => url.split("/").pop()!;

describe("payout onboarding with the test provider", () => {
  it("the owner's link opens the test provider's page; verify reaches Nosh as account.updated: Verified, the bank attached; the link works once", async () => {
    const { owner, restaurant, account } = await ownerWithRestaurant();
    const link = await m.payee.startRestaurantOnboarding(owner, restaurant.id);
    expect(link.url).toMatch(/^\/test-provider\/onboarding\/[A-Za-z0-9_-]{32}$/);
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({
      status: "pending",
      payoutsEnabled: false,
      detailsSubmitted: false,
      label: "Set-up not finished",
      missing: ["bank account", "legal name", "date of birth", "ID number (SSN)"],
    });
    const token = tokenOf(link.url);
    expect(await m.onboarding.onboardingOf(token)).toMatchObject({ status: "pending", detailsSubmitted: false });

    const answered = await m.onboarding.answerTestOnboarding(token, "verify");
    expect(answered).toMatchObject({ account: { status: "verified" }, returnUrl: `/restaurants/${restaurant.id}/payouts?onboarding=return` });
    // Nosh learns it from the provider's signed webhook, not from the payee's return.
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "pending" });
    await deliverEvents();
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "verified", payoutsEnabled: true, label: "Verified", bankLast4: "6789", missing: [] });

    // Used: the link is gone, and answering again changes nothing.
    expect(await m.onboarding.onboardingOf(token)).toBeNull();
    expect(await m.onboarding.answerTestOnboarding(token, "reject")).toBeNull();
    await deliverEvents();
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "verified" });
  });

  it("needs more information: restricted, saying what is missing; set up again, then verified; one account throughout", async () => {
    const { owner, restaurant, account } = await ownerWithRestaurant();
    const first = await m.payee.startRestaurantOnboarding(owner, restaurant.id);
    await m.onboarding.answerTestOnboarding(tokenOf(first.url), "more_info");
    await deliverEvents();
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({
      status: "restricted",
      payoutsEnabled: false,
      disabledReason: "requirements.past_due",
      label: "More information needed: ID number (SSN), identity document",
      missing: ["ID number (SSN)", "identity document"],
    });
    const second = await m.payee.startRestaurantOnboarding(owner, restaurant.id);
    expect(second.url).not.toBe(first.url);
    await m.onboarding.answerTestOnboarding(tokenOf(second.url), "verify");
    await deliverEvents();
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "verified", label: "Verified" });
    expect(await m.db.payoutAccount.count({ where: { account } })).toBe(1);
    expect(await m.db.testProviderPayoutAccount.count()).toBe(await m.db.payoutAccount.count());
  });

  it("reject: restricted with the reason; two answers at once on one link apply one", async () => {
    const { owner, restaurant, account } = await ownerWithRestaurant();
    const link = await m.payee.startRestaurantOnboarding(owner, restaurant.id);
    const answers = await Promise.all([m.onboarding.answerTestOnboarding(tokenOf(link.url), "reject"), m.onboarding.answerTestOnboarding(tokenOf(link.url), "verify")]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    await deliverEvents();
    const state = await m.accounts.payoutAccountOf(account);
    expect(state).toMatchObject({ status: answers[0] ? "restricted" : "verified" });
    if (answers[0])
      expect(state).toMatchObject({ disabledReason: "rejected.other", label: "Payouts paused: the payment provider rejected this account. Contact Nosh support." });
  });

  it("another owner's restaurant is a 404 and makes nothing; a guessed or malformed link is no link", async () => {
    const { restaurant, account } = await ownerWithRestaurant();
    const stranger = await m.db.user.create({ data: { firstName: "Other", email: `stranger${++people}@example.com`, restaurantOwner: true } });
    await expect(m.payee.startRestaurantOnboarding(stranger, restaurant.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.payee.restaurantPayoutAccount(stranger, restaurant.id)).rejects.toMatchObject({ status: 404 });
    expect(await m.accounts.payoutAccountOf(account)).toBeNull();
    expect(await m.onboarding.onboardingOf("A".repeat(32))).toBeNull();
    expect(await m.onboarding.onboardingOf("../../etc")).toBeNull();
    expect(await m.onboarding.answerTestOnboarding("A".repeat(32), "verify")).toBeNull();
  });

  it("a courier's link sends them back to the courier app; their account is their own", async () => {
    const user = await m.db.user.create({ data: { firstName: "Rider", email: `rider${++people}@example.com` } });
    const link = await m.payee.startCourierOnboarding(user);
    await expect(m.payee.courierPayoutAccount(user)).resolves.toMatchObject({ label: "Set-up not finished" });
    expect(await m.onboarding.answerTestOnboarding(tokenOf(link.url), "more_info")).toMatchObject({ returnUrl: "/courier?onboarding=return" });
    await deliverEvents();
    expect(await m.payee.courierPayoutAccount(user)).toMatchObject({ status: "restricted", missing: ["ID number (SSN)", "identity document"] });
    const other = await m.db.user.create({ data: { firstName: "Other", email: `rider${++people}@example.com` } });
    expect(await m.payee.courierPayoutAccount(other)).toBeNull();
  });
});
