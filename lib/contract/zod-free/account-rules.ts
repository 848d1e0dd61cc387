import { said } from "@/lib/shared/words/said";
// The account-closing messages, zod-free for the dialog; ../account.ts builds the schema on them.

export const ACCOUNT_SAID = {
  passwordRequired: said("messages.deletePassword"),
  passwordWrong: said("messages.passwordIncorrect"),
  ownsRestaurants: said("messages.restaurantsFirst"),
  openOrder: said("messages.orderInProgress"),
  deleted: said("rules.screens.accountDeleted"),
} as const;
