import "server-only";
import { db } from "../platform/db";
import type { SessionUser } from "../accounts/session-user";
import { composeMail } from "./message";

// The development mailbox's read (app/(shop)/dev/mailbox): the signed-in person's last mails
// that were "sent" without SMTP_URL, each rendered again from its row as the worker rendered it;
// or, signed out (a password reset link, which is asked for signed out), an address's.

export type KeptMail = { id: number; to: string; subject: string; text: string; sentAt: string };

export async function mailboxOf(user: Pick<SessionUser, "id">, take = 30): Promise<KeptMail[]> {
  const rows = await db.notification.findMany({
    where: { userId: user.id, channel: "email", state: "sent" },
    orderBy: { id: "desc" },
    take,
    select: { id: true, userId: true, kind: true, cause: true, channel: true, payload: true, attempts: true, createdAt: true, sentAt: true },
  });
  const mails: KeptMail[] = [];
  for (const row of rows) {
    const mail = await composeMail(row).catch(() => null);
    if (mail) mails.push({ id: row.id, to: mail.to, subject: mail.subject, text: mail.text, sentAt: (row.sentAt ?? row.createdAt).toISOString() });
  }
  return mails;
}

/** The mails of the account using `email` (the development mailbox signed out, `?to=`): none for an unknown one. */
export async function mailboxOfAddress(email: string): Promise<KeptMail[]> {
  const user = await db.user.findFirst({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  return user ? mailboxOf(user) : [];
}
