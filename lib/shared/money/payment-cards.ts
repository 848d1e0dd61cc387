// Card numbers' rules, shared by the card form (lib/client) and the test provider
// (lib/server/payments/providers/test/provider.ts). The test cards are Stripe's well-known test numbers,
// documented in docs/architecture/payments.md.

export type TestCardBehavior = "succeeds" | "decline" | "insufficient_funds" | "expired" | "incorrect_cvc" | "three_d_secure" | "capture_fails" | "disputes";

/** The test provider's cards: any future expiry, any CVC, any postal code. */
export const TEST_CARDS: readonly { number: string; behavior: TestCardBehavior; label: string }[] = [
  { number: "4242424242424242", behavior: "succeeds", label: "Visa: succeeds" },
  { number: "5555555555554444", behavior: "succeeds", label: "Mastercard: succeeds" },
  { number: "4000000000000002", behavior: "decline", label: "Declined (generic)" },
  { number: "4000000000009995", behavior: "insufficient_funds", label: "Declined: insufficient funds" },
  { number: "4000000000000069", behavior: "expired", label: "Declined: expired card" },
  { number: "4000000000000127", behavior: "incorrect_cvc", label: "Declined: incorrect CVC" },
  { number: "4000002500003155", behavior: "three_d_secure", label: "Needs a 3-D Secure challenge" },
  { number: "4000000000000341", behavior: "capture_fails", label: "Authorizes, then fails at capture" },
  { number: "4000000000000259", behavior: "disputes", label: "Charged, then disputed as fraudulent" },
];

/** The Luhn check digit test (every real card number passes it). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "Visa", "Mastercard", "American Express", "Discover" or "Card", from the number's first digits. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^6(011|5)/.test(digits)) return "Discover";
  return "Card";
}

/** "Visa •••• 4242" */
export const cardLabel = (card: { brand: string; last4: string }) => `${card.brand} •••• ${card.last4}`;
