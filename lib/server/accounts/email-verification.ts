import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { createHash, randomBytes } from "node:crypto";
import { config } from "../platform/config";
import { db, type Tx } from "../platform/db";
import { conflict, fieldError, forbidden } from "../platform/errors";
import { seal } from "../platform/sealed";
import { sqlOf } from "../platform/sql";
import { takeVerificationResendSlot } from "../platform/action-limits";
import { notify } from "../notifications/outbox";
import { said } from "@/lib/shared/words/said";

// Verified email (docs/architecture/accounts-security.md). Signup mails a link
// for the account's address; an email change (PUT /api/users/{id}) mails one to the NEW address
// and leaves the account's email as it was until that link is used. A link is a random 32-byte
// token kept only as its SHA-256 (EmailVerification.tokenHash), sealed in its outbox row for the
// mail (as the password reset's is), used once by one conditional UPDATE, dead after
// EMAIL_VERIFICATION_HOURS. Using a change's link moves the email, marks it verified and tells the
// old address ("email_changed"). An unverified account browses, orders and pays; payouts and the
// courier application wait for it (requireVerifiedEmail).

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
/** What a verification token's seal is for (platform/sealed.ts); mail/message.ts opens it. */
export const VERIFY_SEAL = "email-verification-link";

/** A verification's answer (`message`, shown to the person as it comes) in the request's language (server.labels.email). */
export const verifyMessage = (key: "verified" | "sent", locale: Locale): string => translatorFor(locale, "server.labels.email")(key);

/**
 * Queues a link for `email` in the caller's transaction: the row and its mail to that address.
 * Earlier unused links of the account die (only the newest works), their sealed tokens blanked.
 */
export async function queueVerification(tx: Tx, userId: number, email: string, now = new Date()): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + config().emailVerification.ttlHours * 3_600_000);
  await tx.emailVerification.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  await tx.notification.updateMany({ where: { userId, kind: "email_verification" }, data: { payload: "{}" } });
  const link = await tx.emailVerification.create({ data: { userId, email, tokenHash: sha256(token), createdAt: now, expiresAt }, select: { id: true } });
  await notify(
    sqlOf(tx),
    { to: { userId }, kind: "email_verification", cause: `email-verification:${link.id}`, payload: { sealedToken: seal(VERIFY_SEAL, token), toEmail: email } },
    now,
  );
}

/** Starts verifying `email` for the account in a transaction of its own (signup's address, a resend). */
export async function startVerification(userId: number, email: string, now = new Date()): Promise<void> {
  await db.$transaction((tx) => queueVerification(tx, userId, email, now));
}

export type EmailStatus = { email: string | null; verified: boolean; pendingEmail: string | null };

/** The account's address, whether it is verified, and the new address waiting for its link. */
export async function emailStatus(userId: number, now = new Date()): Promise<EmailStatus> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  const pending = await db.emailVerification.findFirst({
    where: { userId, usedAt: null, expiresAt: { gt: now }, ...(user.email ? { NOT: { email: user.email } } : {}) },
    orderBy: { id: "desc" },
    select: { email: true },
  });
  return { email: user.email, verified: Boolean(user.email && user.emailVerifiedAt), pendingEmail: pending?.email ?? null };
}

/**
 * An email change asked for by the profile's PUT: the address is not changed; a link goes to the
 * new one. Unchanged (or the same as now): nothing happens.
 */
export async function requestEmailChange(userId: number, email: string, now = new Date()): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  if (user.email === email) return;
  await startVerification(userId, email, now);
}

/** Resends the link: for the waiting new address if there is one, else for the account's own unverified one (throttled). */
export async function resendVerification(user: { id: number; guestAccount: boolean }, now = new Date()): Promise<EmailStatus> {
  if (user.guestAccount) throw forbidden(said("messages.signUpVerify"));
  const status = await emailStatus(user.id, now);
  const email = status.pendingEmail ?? (status.verified ? null : status.email);
  if (!email) throw status.email ? conflict(said("messages.emailVerifiedAlready")) : conflict(said("messages.emailFirst"));
  await takeVerificationResendSlot(user.id, now);
  await startVerification(user.id, email, now);
  return status;
}

const invalidLink = () => fieldError("token", said("messages.verifyLinkInvalid"));

/**
 * Uses a link once: the account's email becomes the link's address, verified. A 400 naming
 * `token` when it is unknown, used or expired; a 409 naming `email` when another account took
 * the address meanwhile. A change tells the old address.
 */
export async function confirmVerification(token: string, now = new Date()): Promise<{ userId: number; email: string }> {
  if (!token) throw invalidLink();
  const tokenHash = sha256(token);
  return db.$transaction(async (tx) => {
    const link = await tx.emailVerification.findUnique({ where: { tokenHash }, select: { userId: true, email: true } });
    const { count } = await tx.emailVerification.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (!link || count !== 1) throw invalidLink();
    const taken = await tx.user.findFirst({ where: { email: link.email, NOT: { id: link.userId } }, select: { id: true } });
    if (taken) throw conflict(said("messages.emailInUse"), { email: said("messages.emailInUse") });
    const before = await tx.user.findUniqueOrThrow({ where: { id: link.userId }, select: { email: true } });
    await tx.user.update({ where: { id: link.userId }, data: { email: link.email, emailVerifiedAt: now } });
    await tx.emailVerification.updateMany({ where: { userId: link.userId, usedAt: null }, data: { usedAt: now } });
    await tx.notification.updateMany({ where: { userId: link.userId, kind: "email_verification" }, data: { payload: "{}" } });
    if (before.email && before.email !== link.email) {
      await notify(
        sqlOf(tx),
        {
          to: { userId: link.userId },
          kind: "email_changed",
          cause: `email-changed:${tokenHash.slice(0, 16)}`,
          payload: { toEmail: before.email, newEmail: link.email },
        },
        now,
      );
    }
    return { userId: link.userId, email: link.email };
  });
}

/**
 * The one check for what waits for a verified email (payouts, the courier application): a 403
 * saying so. Call it first in the operation's route or function with the acting user's id.
 */
export async function requireVerifiedEmail(userId: number): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user?.email || !user.emailVerifiedAt) throw forbidden(said("messages.verifyEmailFirst"));
}

/** Deletes links that died more than a day ago (the hourly sweep's). */
export async function pruneVerifications(now = new Date()): Promise<number> {
  const { count } = await db.emailVerification.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } } });
  return count;
}
