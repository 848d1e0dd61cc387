import { z } from "zod";
import { logoutEverywhereSchema } from "@/lib/contract/accounts/passkey-rules";
import { loginSchema, passwordResetRequestSchema, passwordResetSchema, signupSchema } from "@/lib/contract/accounts/auth-rules";
import { messageSchema } from "../common/schemas";
import { userSchema } from "./schemas";
import { op, anyone, signedIn } from "../define";
import { said } from "@/lib/shared/words/said";

// Sign up, log in and out, sessions (and the demo accounts' sign-in).

export const authOperations = [
  op("GET /api/auth", {
    summary: "The signed-in user (restores the session)",
    access: { ...signedIn, unauthorizedFields: { message: said("messages.unauthorized") } },
    paging: { unpaged: "the signed-in user" },
    ok: { description: "The user", schema: userSchema },
    fixture: { matrix: {} },
  }),
  op("POST /api/auth/signup", {
    summary: "Create an account (wallet 999.99) and sign in; from a guest session the guest account becomes the full account",
    access: anyone,
    body: signupSchema,
    ok: { status: 201, description: "The new user, signed in", schema: userSchema },
    errors: { 409: "Email or phone number already in use", 429: "Too many accounts from this address" },
    fixture: {
      matrix: { fresh: true, body: { name: "Matrix Signup", credential: "$uniqueEmail", password: "correct horse battery" } },
      fuzz: { valid: { name: "Fuzz Signup", credential: "$uniqueEmail", password: "correct horse battery" } },
    },
  }),
  op("POST /api/auth/login", {
    summary: "Sign in with email or phone (`credential`, or `email` / `phoneNumber`) and password",
    access: anyone,
    body: loginSchema,
    ok: { description: "The user, signed in", schema: userSchema },
    errors: {
      401: "Wrong credential or password (the same answer for both)",
      403: "The account's sign-in is suspended by Nosh (the message says why)",
      429: "Too many attempts",
    },
    fixture: {
      matrix: { fresh: true, body: { credential: "$ownerEmail", password: "$ownerPassword" } },
      fuzz: { valid: { credential: "$customerEmail", password: "wrong horse battery" } },
    },
  }),
  op("POST /api/auth/guest", {
    summary: "Create a guest account (wallet 0) and sign in",
    access: anyone,
    ok: { status: 201, description: "The guest user", schema: userSchema },
    errors: { 429: "Too many accounts from this address" },
    fixture: { matrix: { fresh: true } },
  }),
  op("GET /api/auth/logout", {
    summary: "End this session (other devices stay signed in)",
    access: anyone,
    paging: { unpaged: "signs out: a message" },
    ok: { description: "Logged out", schema: messageSchema },
    errors: { 403: "A call from another site" },
    fixture: { matrix: { fresh: true } },
  }),
  op("POST /api/auth/logout-everywhere", {
    summary: "End every session of the signed-in user; with removePasskeys, every passkey of the account is removed first",
    access: signedIn,
    body: logoutEverywhereSchema,
    ok: { description: "Logged out everywhere", schema: messageSchema.extend({ passkeysRemoved: z.number().int().min(0) }) },
    fixture: { matrix: { fresh: true, body: { removePasskeys: true } }, fuzz: { valid: { removePasskeys: false } } },
  }),
  op("POST /api/auth/password-reset", {
    summary: "Ask for a password reset link by email: the same answer whether or not an account uses the email; the link works once, for PASSWORD_RESET_MINUTES (30)",
    access: anyone,
    body: passwordResetRequestSchema,
    ok: { description: "Taken: a link is mailed if an account uses the email", schema: messageSchema },
    errors: { 429: "Too many requests for this email or from this address" },
    fixture: {
      matrix: { body: { email: "$uniqueEmail" } },
      fuzz: { valid: { email: "$uniqueEmail" } },
    },
  }),
  op("POST /api/auth/password-reset/confirm", {
    summary:
      "Set a new password with a reset link's token: once; every session of the account ends (sign in again); with removePasskeys, every passkey of the account is removed too",
    access: anyone,
    body: passwordResetSchema,
    ok: { description: "Password changed, every session signed out", schema: messageSchema },
    errors: { 400: "The token is unknown, used or expired (under `token`), or the password breaks the rules" },
    fixture: {
      matrix: { status: 400, body: { token: "not-a-real-token", password: "correct horse battery" } },
      fuzz: { valid: { token: "not-a-real-token", password: "correct horse battery" } },
    },
  }),
  op("POST /api/users/demo/{id}", {
    resource: "Auth",
    summary: "Sign in as a seeded demo account (when demo login is on)",
    access: anyone,
    ok: { description: "The demo user, signed in", schema: userSchema },
    errors: { 403: "The account's sign-in is suspended by Nosh", 404: "Not a demo account, or demo login is off" },
    fixture: { matrix: { fresh: true, path: { id: 5 } } },
  }),
];
