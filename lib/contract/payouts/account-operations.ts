import { payoutAccountInputSchema } from "@/lib/contract/payouts/account-rules";
import { onboardingLinkSchema, payoutAccountAnswerSchema } from "./account-schemas";
import { courier, op, restaurantOwner } from "../define";

// Payout accounts (docs/architecture/payouts.md): where a restaurant's and a courier's payouts go,
// the payment provider's onboarding (with the test provider, its test bank details) and its state.

const verifies = { holderName: "Ada Lovelace", routingNumber: "110000000", accountNumber: "000123456789" };
const saveErrors = {
  400: "A bad field, named (holder name, routing number, account number), or bank details the provider refuses, named",
};

export const payoutAccountOperations = [
  op("GET /api/manage/{id}/payout-account", {
    summary:
      "The restaurant's payout account (per restaurant, as Uber Eats and DoorDash keep bank details per store): its state (`label`: Verification pending, Verified, Payouts paused: ...) and the bank account's last four; null before the owner adds details",
    access: restaurantOwner,
    paging: { unpaged: "one record" },
    ok: { description: "The payout account", schema: payoutAccountAnswerSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("PUT /api/manage/{id}/payout-account", {
    summary:
      "Adds or changes the restaurant's bank details (`holderName`, `routingNumber`, `accountNumber`: sent to the payment provider, only the last four kept): the account is pending until the provider verifies it (a webhook), and payouts wait until then",
    access: restaurantOwner,
    body: payoutAccountInputSchema,
    ok: { description: "The payout account as it now stands", schema: payoutAccountAnswerSchema },
    errors: { ...saveErrors, 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: verifies }, fuzz: { valid: verifies } },
  }),
  op("GET /api/courier/payout-account", {
    summary: "The courier's payout account: its state (`label`) and the bank account's last four; null before they add details",
    access: courier,
    paging: { unpaged: "one record" },
    ok: { description: "The payout account", schema: payoutAccountAnswerSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("PUT /api/courier/payout-account", {
    summary: "Adds or changes the courier's bank details, as the restaurant's: pending until the provider verifies them",
    access: courier,
    body: payoutAccountInputSchema,
    ok: { description: "The payout account as it now stands", schema: payoutAccountAnswerSchema },
    errors: saveErrors,
    fixture: { matrix: { before: ["$ownerIsCourier"], body: verifies }, fuzz: { valid: verifies } },
  }),
  op("POST /api/manage/{id}/payout-account/onboarding", {
    summary:
      "\"Set up payouts\": a single-use link to the payment provider's hosted onboarding for the restaurant (Stripe Connect's Account Link; the test provider's own page), made with a new account when the restaurant has none at that provider. The provider sends the owner back to the payouts page (`?onboarding=return`, or `?onboarding=refresh` for an expired link); the account's state follows the provider's account.updated webhooks",
    access: restaurantOwner,
    ok: { description: "Where to send the owner", schema: onboardingLinkSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/courier/payout-account/onboarding", {
    summary: '"Set up payouts" for the courier, as the restaurant\'s: back to the courier app (`/courier?onboarding=return`)',
    access: courier,
    ok: { description: "Where to send the courier", schema: onboardingLinkSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
];
