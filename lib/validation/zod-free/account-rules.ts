// The account-closing messages, zod-free for the dialog; ../account.ts builds the schema on them.

export const ACCOUNT_MESSAGES = {
  passwordRequired: "Enter your password to delete your account",
  passwordWrong: "Password is incorrect",
  ownsRestaurants: "Hand over or delete your restaurants first",
  openOrder: "You have an order in progress. You can delete your account once it is delivered or canceled.",
  deleted: "Your account was deleted",
} as const;
