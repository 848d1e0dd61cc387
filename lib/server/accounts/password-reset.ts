import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { RESET_SAID } from "@/lib/contract/zod-free/auth-rules";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { fieldError } from "../platform/errors";
import { hashPassword } from "../platform/passwords";
import { seal } from "../platform/sealed";
import { sqlOf } from "../platform/sql";
import { notify } from "../notifications/outbox";

// Password reset (docs/architecture/security.md "Password reset"). A request makes a random
// 32-byte token; the database keeps only its SHA-256 (PasswordReset.tokenHash) and when it dies
// (PASSWORD_RESET_MINUTES, default 30). The mail goes out through the outbox like every other
// (kind password_reset, which no preference turns off): its row carries the token sealed with
// the server's secret (AES-256-GCM), so the worker (SMTP) and the development mailbox can word
// the link, and a copy of the database alone opens nothing; the seal is blanked once the link is
// used. Using the link is one conditional UPDATE (unused, not expired): of any number of parallel
// uses exactly one changes the password; the session version moves on (every session ends), the
// account's other links die with it, and "Your password was changed" is queued in the same
// transaction.

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** What the outbox row's seal is for (platform/sealed.ts); the mail opens it (mail/message.ts). */
export const RESET_SEAL = "password-reset-link";

/**
 * A reset link for the account using `email`, if there is one (not a guest): the row and its
 * mail, queued in one transaction. Nothing happens, and nothing is told, for an unknown email:
 * the caller answers the same either way and runs this after answering (the route's `after`).
 */
export async function requestPasswordReset(email: string, now = new Date()): Promise<void> {
  const user = await db.user.findFirst({ where: { email, guestAccount: false }, select: { id: true } });
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + config().passwordReset.ttlMinutes * 60_000);
  await db.$transaction(async (tx) => {
    const reset = await tx.passwordReset.create({ data: { userId: user.id, tokenHash: sha256(token), createdAt: now, expiresAt }, select: { id: true } });
    await notify(
      sqlOf(tx),
      { to: { userId: user.id }, kind: "password_reset", cause: `password-reset:${reset.id}`, payload: { sealedToken: seal(RESET_SEAL, token) } },
      now,
    );
  });
}

/** The passkeys of the account a working link resets (the page lists them with the choice to remove them); null for a dead link. */
export async function resetLinkPasskeys(token: string, now = new Date()): Promise<{ name: string; createdAt: Date; lastUsedAt: Date | null }[] | null> {
  if (!token) return null;
  const found = await db.passwordReset.findFirst({ where: { tokenHash: sha256(token), usedAt: null, expiresAt: { gt: now } }, select: { userId: true } });
  if (!found) return null;
  return db.passkey.findMany({ where: { userId: found.userId }, orderBy: { id: "asc" }, select: { name: true, createdAt: true, lastUsedAt: true } });
}

/** Whether a link's token still works (the page asks before showing its form). */
export async function resetLinkWorks(token: string, now = new Date()): Promise<boolean> {
  if (!token) return false;
  const found = await db.passwordReset.findFirst({ where: { tokenHash: sha256(token), usedAt: null, expiresAt: { gt: now } }, select: { id: true } });
  return Boolean(found);
}

const invalidLink = () => fieldError("token", RESET_SAID.invalidLink);

/**
 * Sets a new password with a link's token, once: a 400 naming `token` when it is unknown, used or
 * expired. Every session of the account ends (this browser's too: it signs in again, /login);
 * with `removePasskeys`, every passkey of the account is removed in the same transaction.
 */
export async function resetPassword(
  token: string,
  password: string,
  { removePasskeys = false } = {},
  now = new Date(),
): Promise<{ userId: number; passkeysRemoved: number }> {
  const tokenHash = sha256(token);
  // Checked before the costly hash, and again in the conditional UPDATE that decides.
  if (!(await resetLinkWorks(token, now))) throw invalidLink();
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const reset = await tx.passwordReset.findUnique({ where: { tokenHash }, select: { id: true, userId: true } });
    const { count } = await tx.passwordReset.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (!reset || count !== 1) throw invalidLink();
    const user = await tx.user.update({
      where: { id: reset.userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, sessionVersion: true },
    });
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    // The page's choice: every passkey of the account goes with the old password (one added by whoever had the account).
    const { count: passkeysRemoved } = removePasskeys ? await tx.passkey.deleteMany({ where: { userId: user.id } }) : { count: 0 };
    // The links' sealed tokens are of no use any more: blanked.
    await tx.notification.updateMany({ where: { userId: user.id, kind: "password_reset" }, data: { payload: "{}" } });
    await notify(sqlOf(tx), { to: { userId: user.id }, kind: "password_changed", cause: `password-changed:${user.sessionVersion}`, payload: {} }, now);
    return { userId: user.id, passkeysRemoved };
  });
}

/** Deletes links that died more than a day ago (the hourly sweep's). */
export async function pruneResets(now = new Date()): Promise<number> {
  const { count } = await db.passwordReset.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } } });
  return count;
}
