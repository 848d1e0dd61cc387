import { deleteAccountSchema } from "@/lib/contract/accounts/rules";
import { passwordChangeSchema } from "@/lib/contract/accounts/auth-rules";
import { walletStatementQuerySchema } from "@/lib/contract/restaurants/browse-rules";
import { walletAmountSchema } from "@/lib/contract/orders/checkout-rules";
import { topUpSchema } from "@/lib/contract/payments/rules";
import { topUpAnswerSchema } from "../wallet/schemas";
import { profileUpdateSchema } from "@/lib/contract/accounts/profile-rules";
import { accountExportSchema } from "./privacy-schemas";
import { messageSchema } from "../common/schemas";
import { userSchema } from "./schemas";
import { walletTransactionSchema } from "../wallet/schemas";
import { MAX_PICTURE_BYTES } from "@/lib/contract/common/picture-rules";
import { op, list, self } from "../define";

// The signed-in user's own account: profile, password, picture, wallet, their data, closing it.

export const userOperations = [
  op("PUT /api/users/{id}", {
    summary: "Update the fields sent of one's own profile (never the password)",
    access: self,
    body: profileUpdateSchema,
    ok: { description: "The full user", schema: userSchema },
    errors: { 403: "Someone else's profile, or a guest", 409: "Email or phone number already in use" },
    fixture: {
      matrix: { fresh: true, path: { id: "$owner" }, body: { firstName: "Hijacked", address: "1 Main St", city: "Oakland", state: "CA", zip: "94607" } },
      fuzz: { valid: { firstName: "Fuzzed", avoidAllergens: ["peanuts"], language: "es" } },
    },
  }),
  op("PUT /api/users/{id}/password", {
    summary: "Change one's password; every other session ends",
    access: self,
    body: passwordChangeSchema,
    ok: { description: "The user, with a fresh session", schema: userSchema },
    errors: {
      400: "Wrong `currentPassword`, or an invalid `newPassword` (nothing changes)",
      403: "Someone else's account",
      429: "Too many wrong current passwords from this address; wait Retry-After seconds",
    },
    fixture: {
      matrix: { fresh: true, path: { id: "$owner" }, body: { current_password: "$ownerPassword", new_password: "another horse battery" } },
      fuzz: { valid: { current_password: "wrong horse battery", new_password: "another horse battery" } },
    },
  }),
  op("PUT /api/users/pfp/{id}", {
    summary: "Upload one's profile picture (PNG, JPEG or WebP by content, at most 5 MB)",
    access: self,
    multipart: { field: "picture", description: "The image file (also accepted as `image` or `file`)", maxBytes: MAX_PICTURE_BYTES },
    ok: { description: "The full user with its new profileImage URL", schema: userSchema },
    errors: { 403: "Someone else's account, or a guest", 413: "Picture larger than 5 MB" },
    fixture: { matrix: { path: { id: "$owner" } } },
  }),
  op("PUT /api/users/wallet/{id}", {
    summary: "Add funds to one's own wallet (0 < amount <= 10000)",
    access: self,
    body: walletAmountSchema,
    ok: { description: "The user with the new balance", schema: userSchema },
    errors: { 403: "Someone else's wallet, or a guest" },
    fixture: { matrix: { path: { id: "$owner" }, body: { amount: 5 } }, fuzz: { valid: { amount: 1 } } },
  }),
  op("POST /api/users/wallet/{id}/top-ups", {
    summary:
      "Add paid money to one's own wallet by card: `amount` charged to a saved card (`paymentMethodId`, else the default) through the payment provider, within the operator's limits (WALLET_TOPUP_MIN, WALLET_TOPUP_MAX a top-up, WALLET_TOPUP_DAILY_MAX a day); after a 3-D Secure challenge, the same `amount` with `paymentIntent`. One Idempotency-Key adds once",
    access: self,
    body: topUpSchema,
    // The key is the provider's authorization key (lib/server/payments/top-up.ts): the top-up's own record of it.
    idempotent: { scope: "wallet.top-up.{id}" },
    ok: { description: "The wallet's balance (paid and promotional parts) and the captured payment", schema: topUpAnswerSchema },
    errors: {
      400: "`amount` outside the operator's limits, or an unknown card or payment (nothing charged)",
      402: "The card was declined (the message says why, beside `paymentMethodId`), or the bank asks for a 3-D Secure challenge (`payment.challengeUrl`); nothing added",
      403: "Someone else's wallet, or a guest",
      422: "The Idempotency-Key was used with another amount",
    },
    fixture: { matrix: { path: { id: "$owner" }, body: { amount: 10 } }, fuzz: { valid: { amount: 10 } } },
  }),
  op("PUT /api/users/wallet/deduct/{id}", {
    summary: "Take an amount from one's own wallet, atomically, never below zero",
    access: self,
    body: walletAmountSchema,
    ok: { description: "The user with the new balance", schema: userSchema },
    errors: { 400: "Insufficient funds (nothing changes)", 403: "Someone else's wallet" },
    fixture: { matrix: { path: { id: "$owner" }, body: { amount: 1 } }, fuzz: { valid: { amount: 1 } } },
  }),
  op("GET /api/users/wallet/{id}/transactions", {
    summary: "One's wallet statement in one currency (`currency`, the default market's when not given), newest first, each row's balance after that currency's",
    access: self,
    paging: "limit-offset",
    query: walletStatementQuerySchema,
    ok: { description: "The statement", schema: list("transactions", walletTransactionSchema) },
    errors: { 403: "Someone else's wallet" },
    fixture: { matrix: { path: { id: "$owner" } }, list: { as: "customer", path: { id: "$customer" } } },
  }),
  op("GET /api/users/{id}/wallet/statement.csv", {
    summary:
      "One's whole wallet statement as a CSV download, oldest first: Date (the marketplace's time zone), Description, Amount (negative when money left), Balance (after the row, in its currency), and a last column Currency when the wallet holds another currency than the default market's. Text cells starting with = + - @ get a leading apostrophe",
    access: self,
    paging: { unpaged: "a download of everything, streamed from paged reads (lib/server/customer-data/export.ts)" },
    ok: { description: "The CSV file (Content-Disposition: attachment), streamed", contentType: "text/csv" },
    errors: { 403: "Someone else's wallet" },
    fixture: { matrix: { path: { id: "$owner" } } },
  }),
  op("GET /api/users/{id}/export", {
    summary:
      "Download one's data: profile, every order with its lines and options, reviews, favourites, problem reports, notifications, message threads and the wallet statement, as one JSON file (streamed)",
    access: self,
    paging: { unpaged: "a download of everything, streamed from paged reads (lib/server/customer-data/export.ts)" },
    ok: { description: "The data (Content-Disposition: attachment; filename=nosh-data-<date>.json)", schema: accountExportSchema },
    errors: { 403: "Someone else's account" },
    fixture: { matrix: { path: { id: "$owner" } } },
  }),
  op("POST /api/users/{id}/delete", {
    summary:
      'Close one\'s account, confirmed with the password (guest accounts send none). Reviews (ratings recomputed), favourites, carts and the profile go; placed orders and the wallet ledger stay, anonymized as "Deleted customer"; a remaining wallet balance is forfeited; every session ends',
    access: self,
    body: deleteAccountSchema,
    ok: { description: "Deleted; this device's session cookie is cleared", schema: messageSchema },
    errors: {
      400: "Missing or wrong `password` (nothing changes)",
      403: "Someone else's account",
      409: "An order is in progress, or the user owns restaurants (hand them over or delete them first); nothing changes",
      429: "Too many wrong passwords from this address; wait Retry-After seconds",
    },
    // The record's owner owns a restaurant: their own call is refused too (409), so nothing is deleted.
    // The fuzzer's wrong password: refused (400), the account stays.
    fixture: { matrix: { status: 409, path: { id: "$owner" }, body: { password: "$ownerPassword" } }, fuzz: { valid: { password: "wrong horse battery" } } },
  }),
];
