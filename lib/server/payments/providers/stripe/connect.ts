import "server-only";
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { config } from "../../../platform/config";
import { ApiError } from "../../../platform/errors";
import type { BankDetailsInput, PaymentProvider, PayoutAccount, PayoutStatus, ProviderPayout, ProviderRecord } from "../provider";
import { isStripeError, stripe, stripeCurrency } from "./client";
import { said, word } from "@/lib/shared/words/said";

// The Stripe provider's payout side (docs/deploying.md "Payments"), with Stripe Connect: each
// payee (a restaurant, a courier) is a Custom connected account with its bank account as the
// external account and manual payouts; a Nosh payout is a transfer from the platform's balance to
// the connected account, then a payout of it to the bank, both keyed by Nosh's payout key. The
// payout's id is "acct_...:po_..." (a connected account's payout is read with its account). The
// account's verification (requirements, payouts_enabled) and the payout's fate (payout.paid,
// payout.failed) arrive as Connect webhooks (provider.ts). Tested against the local stand-in only.

/**
 * Connect's account in Nosh's words: verified once payouts are enabled; pending while Stripe
 * verifies, or while the payee has not finished onboarding (details not submitted, nothing
 * rejected); restricted when Stripe disabled payouts for another reason (rejected, or more
 * information past due: `currently_due` says what).
 */
export function payoutAccountOf(account: Stripe.Account): PayoutAccount {
  const bank = account.external_accounts?.data.find((external): external is Stripe.BankAccount => external.object === "bank_account");
  const reason = account.requirements?.disabled_reason ?? null;
  const verifying = reason === "requirements.pending_verification" || (account.requirements?.pending_verification?.length ?? 0) > 0;
  const unfinished = !account.details_submitted && !reason?.startsWith("rejected.");
  const status = account.payouts_enabled ? "verified" : verifying || unfinished || !reason ? "pending" : "restricted";
  return {
    id: account.id,
    status,
    payoutsEnabled: account.payouts_enabled ?? false,
    disabledReason: status === "restricted" ? reason : null,
    holderName: bank?.account_holder_name ?? "",
    bankLast4: bank?.last4 ?? "",
    routingNumber: bank?.routing_number ?? "",
    detailsSubmitted: account.details_submitted ?? false,
    currentlyDue: account.requirements?.currently_due ?? [],
  };
}

const digest = (input: BankDetailsInput) => createHash("sha256").update(JSON.stringify(input)).digest("hex").slice(0, 24);

const PAYOUT_STATUS: Record<string, PayoutStatus> = { pending: "pending", in_transit: "pending", paid: "paid", failed: "failed", canceled: "failed" };

/** A connected account's payout in Nosh's words; its id carries the account ("acct_...:po_..."). */
export function providerPayoutOf(payout: Stripe.Payout, accountId: string): ProviderPayout {
  return {
    id: `${accountId}:${payout.id}`,
    accountId,
    amountCents: payout.amount,
    currency: (payout.currency ?? "usd").toUpperCase(),
    status: PAYOUT_STATUS[payout.status] ?? "pending",
    failureCode: payout.failure_code ?? (payout.status === "canceled" ? "canceled" : null),
    createdAt: new Date(payout.created * 1000),
  };
}

const externalAccount = (input: BankDetailsInput) => ({
  object: "bank_account" as const,
  country: input.country,
  currency: "usd",
  account_holder_name: input.holderName,
  account_holder_type: "individual",
  routing_number: input.routingNumber,
  account_number: input.accountNumber,
});

/** Stripe's refusal of bank details (invalid routing or account number) as Nosh's 400 naming the field; anything else as it came. */
function bankError(error: unknown): never {
  if (isStripeError(error) && error.type === "StripeInvalidRequestError") {
    const field = /routing/.test(`${error.param ?? ""} ${error.message}`) ? "routingNumber" : "accountNumber";
    throw new ApiError("bad_request", error.message, { [field]: error.message });
  }
  throw error;
}

async function retrieveAccount(accountId: string): Promise<Stripe.Account | null> {
  try {
    return await stripe().accounts.retrieve(accountId);
  } catch (error) {
    if (isStripeError(error) && (error.code === "resource_missing" || error.type === "StripePermissionError")) return null;
    throw error;
  }
}

export const stripePayouts: Pick<
  PaymentProvider,
  | "createPayoutAccount"
  | "updatePayoutAccount"
  | "retrievePayoutAccount"
  | "createOnboardingAccount"
  | "createOnboardingLink"
  | "createPayout"
  | "retrievePayout"
  | "listRecords"
> = {
  async createPayoutAccount({ idempotencyKey, ...input }) {
    const account = await stripe()
      .accounts.create(
        {
          type: "custom",
          country: input.country,
          business_type: "individual",
          capabilities: { transfers: { requested: true } },
          external_account: externalAccount(input),
          settings: { payouts: { schedule: { interval: "manual" } } },
          metadata: { nosh_account: idempotencyKey },
        },
        // Keyed by the payee and the details: a retry is one account; other details after a lost answer are not refused for 24 hours.
        { idempotencyKey: `${idempotencyKey}:${digest(input)}` },
      )
      .catch(bankError);
    return payoutAccountOf(account);
  },

  async updatePayoutAccount(accountId, input) {
    if (!(await retrieveAccount(accountId))) throw new ApiError("not_found", said("messages.notFound", { what: word("payoutAccount") }));
    // The key from the details: the same change retried is one change at Stripe.
    const key = `payout-account:${accountId}:${digest(input)}`;
    const account = await stripe()
      .accounts.update(accountId, { external_account: externalAccount(input) }, { idempotencyKey: key })
      .catch(bankError);
    return payoutAccountOf(account);
  },

  async retrievePayoutAccount(accountId) {
    const account = await retrieveAccount(accountId);
    return account ? payoutAccountOf(account) : null;
  },

  async createOnboardingAccount({ idempotencyKey }) {
    // Stripe's hosted onboarding collects the identity and the bank account: the account starts with neither.
    const account = await stripe().accounts.create(
      {
        type: "custom",
        country: "US",
        capabilities: { transfers: { requested: true } },
        settings: { payouts: { schedule: { interval: "manual" } } },
        metadata: { nosh_account: idempotencyKey },
      },
      { idempotencyKey: `${idempotencyKey}:onboarding` },
    );
    return payoutAccountOf(account);
  },

  async createOnboardingLink(accountId, { returnPath, refreshPath }) {
    const origin = config().linkOrigin;
    // Stripe's links are single-use and expire in minutes: each "Set up payouts" asks for a new one (no key: a retry is a new link, as Stripe advises).
    const link = await stripe().accountLinks.create({
      account: accountId,
      type: "account_onboarding",
      collect: "currently_due",
      return_url: new URL(returnPath, origin).toString(),
      refresh_url: new URL(refreshPath, origin).toString(),
    });
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  },

  async createPayout({ accountId, amountCents, idempotencyKey, currency }) {
    const account = await retrieveAccount(accountId);
    if (!account) throw new ApiError("not_found", said("messages.notFound", { what: word("payoutAccount") }));
    if (!account.payouts_enabled) throw new ApiError("conflict", said("rules.handlers.payoutsDisabled"));
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      throw new ApiError("bad_request", said("messages.amountPositive"), { amountCents: said("messages.amountPositive") });
    await stripe().transfers.create(
      { amount: amountCents, currency: stripeCurrency(currency), destination: accountId, transfer_group: idempotencyKey, metadata: { nosh_payout: idempotencyKey } },
      { idempotencyKey: `${idempotencyKey}:transfer` },
    );
    const payout = await stripe().payouts.create(
      { amount: amountCents, currency: stripeCurrency(currency), metadata: { nosh_payout: idempotencyKey } },
      { idempotencyKey: `${idempotencyKey}:payout`, stripeAccount: accountId },
    );
    return providerPayoutOf(payout, accountId);
  },

  async retrievePayout(payoutId) {
    const [accountId, id] = payoutId.split(":");
    if (!accountId?.startsWith("acct_") || !id?.startsWith("po_")) return null;
    try {
      return providerPayoutOf(await stripe().payouts.retrieve(id, {}, { stripeAccount: accountId }), accountId);
    } catch (error) {
      if (isStripeError(error) && error.code === "resource_missing") return null;
      throw error;
    }
  },

  /**
   * Captures and refunds from the platform's balance transactions since `since` (each one's
   * charge: its PaymentIntent, captured and refunded so far), and the connected accounts' payouts
   * since then (one list per account: fine for hundreds of payees; a larger marketplace would
   * read them from the payout webhooks instead).
   */
  async listRecords(since) {
    const created = { gte: Math.floor(since.getTime() / 1000) };
    const records = new Map<string, ProviderRecord>();
    const charges = stripe().balanceTransactions.list({ created, limit: 100, expand: ["data.source", "data.source.charge"] });
    for await (const transaction of charges) {
      const source = transaction.source;
      if (!source || typeof source === "string") continue;
      const charge = source.object === "charge" ? source : source.object === "refund" && typeof source.charge === "object" ? source.charge : null;
      if (!charge || typeof charge.payment_intent !== "string") continue;
      const at = new Date(transaction.created * 1000);
      records.set(`capture:${charge.payment_intent}`, { kind: "capture", objectId: charge.payment_intent, amountCents: charge.amount_captured, at });
      if (charge.amount_refunded > 0)
        records.set(`refund:${charge.payment_intent}`, { kind: "refund", objectId: charge.payment_intent, amountCents: charge.amount_refunded, at });
    }
    for await (const account of stripe().accounts.list({ limit: 100 })) {
      for await (const payout of stripe().payouts.list({ created, limit: 100 }, { stripeAccount: account.id })) {
        const mine = providerPayoutOf(payout, account.id);
        records.set(`payout:${mine.id}`, { kind: "payout", objectId: mine.id, amountCents: mine.status === "paid" ? mine.amountCents : 0, at: mine.createdAt });
      }
    }
    return [...records.values()];
  },
};
