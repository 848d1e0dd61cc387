import "server-only";
import { bankDetailsErrors } from "@/lib/shared/money/payout-banks";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import type { Messages } from "@/lib/i18n/words";
import { ApiError } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { BankDetailsInput, PayoutAccount } from "../payments/providers/provider";
import { paymentProvider } from "../payments/providers/select";
import { payoutAccountRowOf, providerAccountOf, updateAccountState, upsertPayoutAccount, type PayoutAccountRow } from "./queries/accounts";

// Payout accounts (docs/architecture/payouts.md): where a restaurant's or a courier's payouts go,
// one per ledger account ("restaurant:{id}": per restaurant, as Uber Eats and DoorDash keep bank
// details per store; "courier:{userId}"). The bank details go to the payment provider, which
// answers an account (pending until verified, as Stripe Connect's); Nosh keeps its id, status and
// last four (PayoutAccount), moved by the answers and by the provider's account.updated webhooks.

export type PayoutAccountStatus = PayoutAccount["status"];
export type PayoutAccountJson = {
  status: PayoutAccountStatus;
  payoutsEnabled: boolean;
  /** What the page shows: "Set-up not finished", "Verification pending", "Verified", "More information needed: ...", "Payouts paused: ..." (in the request's language: server.labels.payoutAccount). */
  label: string;
  /** The provider's reason while restricted (Stripe's `requirements.disabled_reason`), else null. */
  disabledReason: string | null;
  /** The payee finished the provider's onboarding. */
  detailsSubmitted: boolean;
  /** What the provider still needs, in words ("ID number", "bank account"), each once. */
  missing: string[];
  holderName: string;
  bankLast4: string;
  routingNumber: string;
  updatedAt: string;
};

type Requirement = keyof Messages["server"]["labels"]["payoutAccount"]["requirements"];

/** Stripe's requirement names as the catalogue words them (server.labels.payoutAccount.requirements; the first matching prefix); anything else by its last part. */
const REQUIREMENTS: [string, Requirement][] = [
  ["external_account", "bankAccount"],
  ["individual.id_number", "idNumber"],
  ["individual.ssn_last_4", "idNumber"],
  ["individual.verification", "identityDocument"],
  ["individual.first_name", "legalName"],
  ["individual.last_name", "legalName"],
  ["individual.dob", "dateOfBirth"],
  ["individual.address", "homeAddress"],
  ["individual.phone", "phoneNumber"],
  ["individual.email", "emailAddress"],
  ["business_profile", "businessDetails"],
  ["tos_acceptance", "terms"],
];

/** What the provider still needs, in words (English unless `locale` says), each once ("individual.dob.day" and ".month" are one "date of birth"). */
export function missingOf(currentlyDue: string[], locale: Locale = "en"): string[] {
  const t = translatorFor(locale, "server.labels.payoutAccount.requirements");
  const words = currentlyDue.map((field) => {
    const known = REQUIREMENTS.find(([prefix]) => field.startsWith(prefix))?.[1];
    return known ? t(known) : field.split(".").pop()!.replaceAll("_", " ");
  });
  return [...new Set(words)];
}

/** The state as the payouts pages say it, in `locale`. */
export function accountLabel(
  row: {
    status: string;
    payoutsEnabled: boolean;
    disabledReason: string | null;
    detailsSubmitted?: boolean;
    currentlyDue?: string[];
  },
  locale: Locale = "en",
): string {
  const t = translatorFor(locale, "server.labels.payoutAccount");
  if (row.status === "verified" && row.payoutsEnabled) return t("verified");
  if (row.status === "pending") return t(row.detailsSubmitted === false ? "setUpNotFinished" : "verificationPending");
  const missing = missingOf(row.currentlyDue ?? [], locale);
  if (row.disabledReason?.startsWith("rejected.")) return t("rejected");
  if (row.disabledReason !== "payout_failed" && missing.length) return t("moreInformation", { missing: missing.join(", ") });
  return t("paused", { reason: t(row.disabledReason === "payout_failed" ? "payoutFailed" : "notVerified") });
}

/** The account as the API answers it: its `label` in `locale` (the request's), every other field as stored. */
const jsonOf = (row: PayoutAccountRow, locale: Locale = "en"): PayoutAccountJson => ({
  status: row.status as PayoutAccountStatus,
  payoutsEnabled: row.payoutsEnabled,
  label: accountLabel({ ...row, currentlyDue: JSON.parse(row.currentlyDue) as string[] }, locale),
  disabledReason: row.disabledReason,
  detailsSubmitted: row.detailsSubmitted,
  missing: missingOf(JSON.parse(row.currentlyDue) as string[]),
  holderName: row.holderName,
  bankLast4: row.bankLast4,
  routingNumber: row.routingNumber,
  updatedAt: row.updatedAt.toISOString(),
});

/** The built-in test provider is in use: the form lists its test bank accounts. */
export const payoutTestMode = () => paymentProvider().name === "test";

/** The payee's payout account, or null before they add their details. */
export async function payoutAccountOf(ledgerAccount: string, locale: Locale = "en"): Promise<PayoutAccountJson | null> {
  return sqlTransaction(async (sql) => {
    const row = await payoutAccountRowOf(sql, ledgerAccount);
    return row ? jsonOf(row, locale) : null;
  });
}

/**
 * Adds or changes the payee's bank details: checked here (each bad field named, nothing changed),
 * then sent to the provider (which refuses what it does not take, named too); the account it
 * answers is stored, pending until its verification arrives (account.updated). New details on a
 * verified account start verification again (Stripe's behaviour for a new external account).
 */
export async function savePayoutAccount(
  ledgerAccount: string,
  input: Omit<BankDetailsInput, "country">,
  now = new Date(),
  locale: Locale = "en",
): Promise<PayoutAccountJson> {
  const details: BankDetailsInput = {
    holderName: input.holderName.trim(),
    routingNumber: input.routingNumber.replace(/\s/g, ""),
    accountNumber: input.accountNumber.replace(/\s/g, ""),
    country: "US",
  };
  const errors = bankDetailsErrors(details);
  const first = Object.values(errors)[0];
  if (first) throw new ApiError("bad_request", first, errors);
  const provider = paymentProvider();
  const existing = await sqlTransaction((sql) => providerAccountOf(sql, ledgerAccount));
  const account =
    existing && existing.provider === provider.name
      ? await provider.updatePayoutAccount(existing.providerAccountId, details)
      : await provider.createPayoutAccount({ ...details, idempotencyKey: `payout-account:${ledgerAccount}` });
  return sqlTransaction(async (sql) => {
    await upsertPayoutAccount(sql, ledgerAccount, provider.name, account, now);
    return jsonOf((await payoutAccountRowOf(sql, ledgerAccount))!, locale);
  });
}

/** The provider's account.updated applied, in the webhook's transaction: its verification state, as the provider says it now. */
export function applyAccountEvent(sql: Sql, provider: string, account: PayoutAccount, now = new Date()): Promise<boolean> {
  return updateAccountState(sql, provider, account, now);
}
