import "server-only";
import { randomBytes } from "node:crypto";
import { TEST_ROUTING_NUMBER } from "@/lib/shared/money/payout-banks";
import { sqlTransaction } from "../../../platform/sql";
import type { PaymentProvider, PayoutAccount } from "../provider";
import { answerOnboarding, insertOnboardingAccount, openLink, openOnboardingLink, readAccount } from "./queries/payouts";
import { keyedId, writeEvent } from "./payouts";

// The built-in test provider's hosted onboarding (docs/architecture/payouts.md), its side of
// Stripe Connect's Account Links offline: an account made with nothing given (what it needs
// listed), a single-use link to its own page (/test-provider/onboarding/{token}: a random token,
// an hour long, replaced by the next link), and the payee's answer there: verified (the test bank
// account ••••6789 attached, payouts enabled), more information needed (the id number, past due:
// restricted), or rejected. The answer uses the link (one conditional UPDATE) and writes the
// account.updated event, sent as a signed webhook as every other.

/** What the test provider asks for before it verifies an account (Stripe's names). */
export const TEST_ONBOARDING_DUE = ["external_account", "individual.first_name", "individual.last_name", "individual.dob.day", "individual.id_number"];
const LINK_MS = 3_600_000;

export type OnboardingOutcome = "verify" | "more_info" | "reject";

const STATES: Record<OnboardingOutcome, { behavior: string; status: string; payoutsEnabled: boolean; disabledReason: string | null; currentlyDue: string[] }> = {
  verify: { behavior: "verifies", status: "verified", payoutsEnabled: true, disabledReason: null, currentlyDue: [] },
  more_info: {
    behavior: "stays_pending",
    status: "restricted",
    payoutsEnabled: false,
    disabledReason: "requirements.past_due",
    currentlyDue: ["individual.id_number", "individual.verification.document"],
  },
  reject: { behavior: "stays_pending", status: "restricted", payoutsEnabled: false, disabledReason: "rejected.other", currentlyDue: [] },
};

export const testOnboarding: Pick<PaymentProvider, "createOnboardingAccount" | "createOnboardingLink"> = {
  async createOnboardingAccount({ idempotencyKey }) {
    // The same id as the bank-details form's account for the same key: one account per payee.
    const id = keyedId("acct", idempotencyKey);
    return sqlTransaction(async (sql) => {
      await insertOnboardingAccount(sql, id, TEST_ONBOARDING_DUE, new Date());
      return (await readAccount(sql, id))!;
    });
  },

  async createOnboardingLink(accountId, { returnPath, refreshPath }) {
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(Date.now() + LINK_MS);
    const opened = await sqlTransaction((sql) => openOnboardingLink(sql, accountId, { token, returnUrl: returnPath, refreshUrl: refreshPath, expiresAt }));
    if (!opened) throw new Error(`Unknown test payout account ${accountId}`);
    return { url: `/test-provider/onboarding/${token}`, expiresAt };
  },
};

/** A link's token: what the page and its route take (anything else is a 404 without a query). */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{32}$/.test(token);

/** The account an open link is for, as the onboarding page shows it; null for an unknown, used or expired link. */
export async function onboardingOf(token: string, now = new Date()): Promise<PayoutAccount | null> {
  if (!isLinkToken(token)) return null;
  return sqlTransaction(async (sql) => {
    const link = await openLink(sql, token, now);
    return link ? readAccount(sql, link.id) : null;
  });
}

/** The payee's answer on the page: the account as it leaves it and where to send them back; null when the link is not open (used, expired, unknown). */
export async function answerTestOnboarding(token: string, outcome: OnboardingOutcome, now = new Date()): Promise<{ account: PayoutAccount; returnUrl: string } | null> {
  if (!isLinkToken(token)) return null;
  const state = STATES[outcome];
  const bank =
    outcome === "reject" ? { holderName: "", bankLast4: "", routingNumber: "" } : { holderName: "Test payee", bankLast4: "6789", routingNumber: TEST_ROUTING_NUMBER };
  return sqlTransaction(async (sql) => {
    const answered = await answerOnboarding(sql, token, { ...state, ...bank }, now);
    if (!answered) return null;
    await writeEvent(sql, `account.updated:${answered.account.id}:onboarding:${token}`, { type: "account.updated", account: answered.account }, answered.account.id, now);
    return answered;
  });
}
