import { said } from "@/lib/shared/words/said";

// Bank details' rules, shared by the payout details form (components/payouts) and the test
// provider (lib/server/payments/providers/test/payouts.ts). The test bank account numbers are Stripe's
// well-known test numbers where Stripe has one, documented in docs/architecture/payouts.md.

export type TestBankBehavior = "verifies" | "stays_pending" | "payouts_fail";

/** The test provider's routing number (Stripe's test routing number). */
export const TEST_ROUTING_NUMBER = "110000000";

/** The test provider's bank accounts: with routing number 110000000 and any holder name. */
export const TEST_BANK_ACCOUNTS: readonly { number: string; behavior: TestBankBehavior; label: string }[] = [
  { number: "000123456789", behavior: "verifies", label: "Verified after a moment; payouts are paid" },
  { number: "000999999991", behavior: "stays_pending", label: "Stays pending verification" },
  { number: "000111111116", behavior: "payouts_fail", label: "Verified; payouts fail (no such account)" },
];

/** An ABA routing number's check digit (3, 7, 1 weights): every real US routing number passes it. */
export function routingNumberValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

/** What the payee's form checks before sending (the provider checks the same): field → message. */
export function bankDetailsErrors(input: { holderName: string; routingNumber: string; accountNumber: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = input.holderName.trim();
  if (!name) errors.holderName = said("rules.payoutAccount.holder");
  else if (name.length > 100) errors.holderName = said("rules.payoutAccount.holderMax");
  if (!routingNumberValid(input.routingNumber.replace(/\s/g, ""))) errors.routingNumber = said("rules.payoutAccount.routing");
  if (!/^\d{4,17}$/.test(input.accountNumber.replace(/\s/g, ""))) errors.accountNumber = said("rules.payoutAccount.account");
  return errors;
}
