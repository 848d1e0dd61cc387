import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { config } from "./config";
import { db } from "./db";
import { ApiError } from "./errors";
import { insertEmptyThrottleRow } from "./queries/throttle";
import { said } from "@/lib/shared/words/said";
import { GIFT_CODE_TRIES_PER_ACCOUNT, GIFT_CODE_TRIES_PER_ADDRESS } from "@/lib/shared/money/gift-cards";

// Throttle counters in the database (LoginThrottle), so every server process and instance
// sees the same counts. Two kinds of row:
//   - a fixed-window counter (`count` in `failures`): at `limit` inside the window the key is
//     locked until the window ends;
//   - a (account, address) pair of failed logins: the first LOGIN_FREE_FAILURES are free, then
//     each further failure locks the pair for 1 s, 2 s, 4 s... up to LOGIN_MAX_DELAY_SECONDS.
//     It resets after a success, or after a quiet window once its lock has ended.
// There is no account-wide lock: a stranger's failures cannot keep the owner out; the owner's
// own address still works while another address is held back.

export type Tx = Prisma.TransactionClient;

const key = {
  pair: (account: string, address: string) => `pair:${account}|${address}`,
  failuresFrom: (address: string) => `address:${address}`,
  loginsOf: (account: string) => `login-account:${account}`,
  loginsFrom: (address: string) => `login-address:${address}`,
  signupsFrom: (address: string) => `signup:${address}`,
  guestsFrom: (address: string) => `guest:${address}`,
  promoCodesOf: (userId: number) => `promo-account:${userId}`,
  promoCodesFrom: (address: string) => `promo-address:${address}`,
  giftCodesOf: (userId: number) => `gift-account:${userId}`,
  giftCodesFrom: (address: string) => `gift-address:${address}`,
  resetsOf: (email: string) => `reset-account:${email}`,
  resetsFrom: (address: string) => `reset-address:${address}`,
};

const MESSAGES = {
  logins: said("rules.handlers.loginsMany"),
  signup: said("rules.handlers.signupsMany"),
  guest: said("rules.handlers.guestsMany"),
};

const windowMs = () => config().loginWindowSeconds * 1000;

export function tooMany(message: string, until: number, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return new ApiError("too_many_requests", message, undefined, { "Retry-After": String(seconds) });
}

/** The wrong-password lockout says for how long: "… Try again in 8 seconds." */
function tooManyFailures(until: number, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  if (seconds < 60) return tooMany(seconds === 1 ? said("rules.handlers.failuresSecond") : said("rules.handlers.failuresSeconds", { count: seconds }), until, now);
  const minutes = Math.ceil(seconds / 60);
  if (seconds < 3600) return tooMany(minutes === 1 ? said("rules.handlers.failuresMinute") : said("rules.handlers.failuresMinutes", { count: minutes }), until, now);
  const hours = Math.ceil(seconds / 3600);
  return tooMany(hours === 1 ? said("rules.handlers.failuresHour") : said("rules.handlers.failuresHours", { count: hours }), until, now);
}

/** Throws 429 with Retry-After when the login's pair, its address or a success limit is locked. */
export async function assertLoginAllowed(account: string, address: string, now = new Date()): Promise<void> {
  const rows = await db.loginThrottle.findMany({
    where: {
      key: { in: [key.pair(account, address), key.failuresFrom(address), key.loginsOf(account), key.loginsFrom(address)] },
      lockedUntil: { gt: now },
    },
  });
  if (!rows.length) return;
  const until = Math.max(...rows.map((row) => row.lockedUntil!.getTime()));
  const failed = rows.some((row) => row.key.startsWith("pair:") || row.key.startsWith("address:"));
  throw failed ? tooManyFailures(until, now) : tooMany(MESSAGES.logins, until, now);
}

export async function recordLoginFailure(account: string, address: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    await bumpPair(tx, key.pair(account, address), now);
    await bumpWindow(tx, key.failuresFrom(address), config().loginMaxFailuresPerAddress, now);
  });
}

/** A correct password: the pair starts afresh, and the success counters move on. */
export async function recordLoginSuccess(account: string, address: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.loginThrottle.deleteMany({ where: { key: key.pair(account, address) } });
    await bumpWindow(tx, key.loginsOf(account), config().loginMaxSuccessesPerAccount, now);
    await bumpWindow(tx, key.loginsFrom(address), config().loginMaxSuccessesPerAddress, now);
  });
}

/**
 * A signed-in user's own password, asked again before a change only they may make (a new
 * password, closing the account): holding a session must not buy unlimited guesses. The same
 * growing delays as a login's (account, address) pair, under the account `user:{id}`; the
 * address-wide counters stay the logins' own, so a mistyped confirmation never locks an
 * address out of signing in.
 */
export const passwordConfirmation = {
  /** Throws 429 with Retry-After while the pair waits out a delay. */
  async assertAllowed(userId: number, address: string, now = new Date()): Promise<void> {
    const row = await db.loginThrottle.findFirst({ where: { key: key.pair(`user:${userId}`, address), lockedUntil: { gt: now } } });
    if (row) throw tooManyFailures(row.lockedUntil!.getTime(), now);
  },
  async failed(userId: number, address: string, now = new Date()): Promise<void> {
    await db.$transaction((tx) => bumpPair(tx, key.pair(`user:${userId}`, address), now));
  },
  async passed(userId: number, address: string): Promise<void> {
    await db.loginThrottle.deleteMany({ where: { key: key.pair(`user:${userId}`, address) } });
  },
};

/**
 * Takes one of the address's account creations of this window (signup or guest), or throws
 * 429 with Retry-After. Counted before the account is made, in one transaction, so a burst of
 * parallel requests cannot all slip under the limit.
 */
export async function takeCreationSlot(kind: "signup" | "guest", address: string, now = new Date()): Promise<void> {
  const limit = kind === "signup" ? config().signupMaxPerAddress : config().guestMaxPerAddress;
  if (limit === 0) return;
  const rowKey = kind === "signup" ? key.signupsFrom(address) : key.guestsFrom(address);
  const lockedUntil = await db.$transaction(async (tx) => {
    const row = await lockedRow(tx, rowKey);
    if (row?.lockedUntil && row.lockedUntil > now) return row.lockedUntil;
    await bumpWindow(tx, rowKey, limit, now);
    return null;
  });
  if (lockedUntil) throw tooMany(MESSAGES[kind], lockedUntil.getTime(), now);
}

/**
 * Unknown codes, counted per account and per address over an hour; the next call with a code is a
 * 429 with Retry-After, beside `field`. Promo codes (docs/architecture/promotions.md "Wrong codes"):
 * `promoGuesses.perAccount` (10) and `promoGuesses.perAddress` (100); gift card codes
 * (lib/server/gift-cards/redeem.ts): GIFT_CODE_TRIES_PER_ACCOUNT and GIFT_CODE_TRIES_PER_ADDRESS.
 */
const PROMO_WINDOW_MS = 3600_000;
function codeGuesses(
  ofAccount: (userId: number) => string,
  fromAddress: (address: string) => string,
  message: string,
  limits: () => { perAccount: number; perAddress: number },
) {
  return {
    async assertAllowed(userId: number, address: string, field: string, now = new Date()): Promise<void> {
      const rows = await db.loginThrottle.findMany({
        where: { key: { in: [ofAccount(userId), fromAddress(address)] }, lockedUntil: { gt: now } },
        select: { lockedUntil: true },
      });
      if (!rows.length) return;
      const error = tooMany(message, Math.max(...rows.map((row) => row.lockedUntil!.getTime())), now);
      throw new ApiError(error.code, error.said, { [field]: error.said }, error.headers);
    },
    async failed(userId: number, address: string, now = new Date()): Promise<void> {
      await db.$transaction(async (tx) => {
        const { perAccount, perAddress } = limits();
        await bumpWindow(tx, ofAccount(userId), perAccount, now, PROMO_WINDOW_MS);
        await bumpWindow(tx, fromAddress(address), perAddress, now, PROMO_WINDOW_MS);
      });
    },
  };
}
export const promoCodeGuesses = codeGuesses(key.promoCodesOf, key.promoCodesFrom, said("messages.promoTooMany"), () => config().promoGuesses);
export const giftCodeGuesses = codeGuesses(key.giftCodesOf, key.giftCodesFrom, said("rules.giftCards.tooMany"), () => ({
  perAccount: GIFT_CODE_TRIES_PER_ACCOUNT,
  perAddress: GIFT_CODE_TRIES_PER_ADDRESS,
}));

/**
 * Password reset requests (accounts/password-reset.ts): at most `passwordReset.perAccount` an hour
 * per email asked for (counted whether or not an account has it, so the 429 reveals nothing) and
 * `perAddress` per client address. Taken in one transaction before anything else, so parallel
 * requests all count; the next is a 429 with Retry-After.
 */
const RESET_WINDOW_MS = 3600_000;
const RESET_TOO_MANY = said("messages.resetTooMany");
export async function takePasswordResetSlot(email: string, address: string, now = new Date()): Promise<void> {
  const { perAccount, perAddress } = config().passwordReset;
  const lockedUntil = await db.$transaction(async (tx) => {
    const keys = [key.resetsOf(email), key.resetsFrom(address)];
    const rows = await Promise.all(keys.map((rowKey) => lockedRow(tx, rowKey)));
    const locked = rows.filter((row) => row?.lockedUntil && row.lockedUntil > now).map((row) => row!.lockedUntil!.getTime());
    if (locked.length) return Math.max(...locked);
    await bumpWindow(tx, keys[0]!, perAccount, now, RESET_WINDOW_MS);
    await bumpWindow(tx, keys[1]!, perAddress, now, RESET_WINDOW_MS);
    return null;
  });
  if (lockedUntil) throw tooMany(RESET_TOO_MANY, lockedUntil, now);
}

/** Keys counted over an hour (promo and gift card codes, resets, support messages, webhooks sent by hand): kept an hour past their window. */
const HOUR_KEYS = ["promo-", "gift-", "reset-", "support:", "webhook-by-hand:"].map((prefix) => ({ key: { startsWith: prefix } }));
/** Deletes counters whose window and lock ended more than a window ago (an hour for HOUR_KEYS). */
export async function pruneThrottles(now = new Date()): Promise<number> {
  const ended = (ms: number) => {
    const cutoff = new Date(now.getTime() - ms);
    return { windowStart: { lt: cutoff }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: cutoff } }] };
  };
  const hour = Math.max(windowMs(), PROMO_WINDOW_MS, RESET_WINDOW_MS);
  const { count } = await db.loginThrottle.deleteMany({
    where: { OR: [{ AND: [ended(windowMs()), { NOT: { OR: HOUR_KEYS } }] }, { AND: [ended(hour), { OR: HOUR_KEYS }] }] },
  });
  return count;
}

/**
 * The row, locked for this transaction, so parallel hits are all counted: an UPDATE waits for a
 * concurrent writer on PostgreSQL (SQLite runs one write transaction at a time). On PostgreSQL
 * the row is made first if missing (INSERT ... ON CONFLICT DO NOTHING): an UPDATE of a row that
 * does not exist yet locks nothing, and 20 first hits at once all counted themselves as the first.
 * An empty row (no failures, a window from 1970, no lock) counts as no row everywhere.
 */
export async function lockedRow(tx: Tx, rowKey: string) {
  // SQLite needs none of this: its write transactions run one at a time (BEGIN IMMEDIATE).
  if (config().databaseProvider === "postgresql") {
    await insertEmptyThrottleRow(tx, rowKey);
  }
  await tx.loginThrottle.updateMany({ where: { key: rowKey }, data: { failures: { increment: 0 } } });
  return tx.loginThrottle.findUnique({ where: { key: rowKey } });
}

export async function bumpWindow(tx: Tx, rowKey: string, limit: number, now: Date, window = windowMs()): Promise<void> {
  if (limit === 0) return;
  const row = await lockedRow(tx, rowKey);
  const fresh = !row || now.getTime() - row.windowStart.getTime() >= window;
  const failures = fresh ? 1 : row.failures + 1;
  const windowStart = fresh ? now : row.windowStart;
  const lockedUntil = failures >= limit ? new Date(windowStart.getTime() + window) : null;
  await tx.loginThrottle.upsert({
    where: { key: rowKey },
    create: { key: rowKey, failures, windowStart, lockedUntil },
    update: { failures, windowStart, lockedUntil },
  });
}

/** `windowStart` holds the pair's latest failure. */
async function bumpPair(tx: Tx, rowKey: string, now: Date): Promise<void> {
  const { loginFreeFailures, loginMaxDelaySeconds } = config();
  const row = await lockedRow(tx, rowKey);
  const quietSince = row ? Math.max(row.windowStart.getTime(), row.lockedUntil?.getTime() ?? 0) : 0;
  const failures = !row || now.getTime() - quietSince >= windowMs() ? 1 : row.failures + 1;
  const over = failures - loginFreeFailures;
  const delaySeconds = over > 0 ? Math.min(loginMaxDelaySeconds, 2 ** Math.min(over - 1, 30)) : 0;
  const lockedUntil = delaySeconds > 0 ? new Date(now.getTime() + delaySeconds * 1000) : null;
  await tx.loginThrottle.upsert({
    where: { key: rowKey },
    create: { key: rowKey, failures, windowStart: now, lockedUntil },
    update: { failures, windowStart: now, lockedUntil },
  });
}
