import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../../platform/testing/db";
import { ONBOARDING_DUE, StripeConnectStandIn } from "./testing/connect-stand-in";

// Stripe Connect's hosted onboarding (connect.ts, docs/architecture/stripe.md) against the
// local stand-in (every request checked for Stripe's parameter names, key, version and an
// Idempotency-Key on writes), on a real migrated database: "Set up payouts" makes a Custom account
// with nothing submitted and an Account Link (type account_onboarding, absolute return and
// refresh URLs); what the payee does on Stripe's page (verified, more information past due,
// rejected) reaches Nosh only as a signed account.updated. Not Stripe itself.

const KEY = "sk_test_nosh_onboarding_stand_in";
const WEBHOOK_SECRET = "whsec_nosh_onboarding_stand_in_secret";
const standIn = new StripeConnectStandIn(KEY);
const base = await standIn.start();
afterAll(() => standIn.stop());
setUpTestDatabase({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base, PUBLIC_ORIGIN: "https://nosh.example" });

const m = {
  db: (await import("../../../platform/db")).db,
  fixtures: await import("../../../platform/testing/fixtures"),
  webhooks: await import("../../webhooks"),
  payee: await import("../../../payouts/payee"),
  accounts: await import("../../../payouts/accounts"),
  payoutWebhook: await import("../../../payouts/webhook"),
};

/** Stripe's POST of the account's latest account.updated to Nosh's webhook handler, signed with the package's test helper (or a wrong secret: a forgery). */
async function deliverLatest(accountId: string, secret = WEBHOOK_SECRET) {
  const event = standIn.events.filter((one) => one.type === "account.updated" && one.body.includes(`"${accountId}"`)).pop()!;
  const signature = new Stripe(KEY).webhooks.generateTestHeaderString({ payload: event.body, secret });
  return m.webhooks.handleWebhook("stripe", event.body, signature, new Date(), m.payoutWebhook.applyPayoutWebhook);
}

const requestsTo = (path: RegExp) => standIn.requests.filter((request) => path.test(request.path));

describe("Stripe Connect onboarding", () => {
  it("makes a Custom account with nothing submitted and an Account Link back to the payouts page; verified by account.updated, once a forged one is refused", async () => {
    const s = await m.fixtures.shop();
    const account = `restaurant:${s.restaurant.id}`;
    const link = await m.payee.startRestaurantOnboarding(s.owner, s.restaurant.id);
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/c\/acct_/);
    const [create] = requestsTo(/^\/v1\/accounts$/);
    expect(create).toMatchObject({
      method: "POST",
      idempotencyKey: `payout-account:${account}:onboarding`,
      params: { type: "custom", country: "US", capabilities: { transfers: { requested: "true" } }, settings: { payouts: { schedule: { interval: "manual" } } } },
    });
    expect(create!.params.external_account).toBeUndefined();
    const acct = (await m.db.payoutAccount.findFirstOrThrow({ where: { account } })).providerAccountId;
    expect(requestsTo(/^\/v1\/account_links$/).pop()).toMatchObject({
      method: "POST",
      params: {
        account: acct,
        type: "account_onboarding",
        return_url: `https://nosh.example/restaurants/${s.restaurant.id}/payouts?onboarding=return`,
        refresh_url: `https://nosh.example/restaurants/${s.restaurant.id}/payouts?onboarding=refresh`,
      },
    });
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "pending", detailsSubmitted: false, label: "Set-up not finished" });
    expect((await m.accounts.payoutAccountOf(account))!.missing).toEqual(expect.arrayContaining(["bank account", "ID number (SSN)", "date of birth"]));
    expect(ONBOARDING_DUE).toContain("individual.id_number");

    // The payee finishes on Stripe's page; Stripe sends them to return_url and the event to the webhook.
    expect(standIn.onboard(link.url, "verify")).toEqual({ return_url: `https://nosh.example/restaurants/${s.restaurant.id}/payouts?onboarding=return` });
    await expect(deliverLatest(acct, "whsec_forged")).rejects.toMatchObject({ status: 400 });
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "pending" });
    expect(await deliverLatest(acct)).toEqual({ handled: true });
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({
      status: "verified",
      payoutsEnabled: true,
      label: "Verified",
      bankLast4: "6789",
      holderName: "Jenny Rosen",
    });
    expect(() => standIn.onboard(link.url, "reject")).toThrow(/no open account link/);
  });

  it("more information past due: restricted with what is missing; a second Set up payouts links the same account again; rejected: paused with the reason", async () => {
    const courier = await m.db.user.create({ data: { firstName: "Rider", email: "stripe-rider@example.com" } });
    const account = `courier:${courier.id}`;
    const first = await m.payee.startCourierOnboarding(courier);
    const acct = (await m.db.payoutAccount.findFirstOrThrow({ where: { account } })).providerAccountId;
    expect(requestsTo(/^\/v1\/account_links$/).pop()!.params.return_url).toBe("https://nosh.example/courier?onboarding=return");
    standIn.onboard(first.url, "more_info");
    await deliverLatest(acct);
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({
      status: "restricted",
      payoutsEnabled: false,
      detailsSubmitted: true,
      disabledReason: "requirements.past_due",
      label: "More information needed: ID number (SSN), identity document",
    });

    const creates = requestsTo(/^\/v1\/accounts$/).length;
    const second = await m.payee.startCourierOnboarding(courier);
    expect(second.url).not.toBe(first.url);
    expect(requestsTo(/^\/v1\/accounts$/)).toHaveLength(creates);
    expect(requestsTo(/^\/v1\/account_links$/).pop()!.params.account).toBe(acct);
    standIn.onboard(second.url, "reject");
    await deliverLatest(acct);
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({
      status: "restricted",
      disabledReason: "rejected.fraud",
      label: "Payouts paused: the payment provider rejected this account. Contact Nosh support.",
    });
  });
});
