import "server-only";
import { db } from "../platform/db";
import type { SessionUser } from "../platform/session-user";
import type { Prisma } from "@/lib/generated/prisma/client";
import { composeMail } from "./message";

// The development mailbox's read (app/(shop)/dev/mailbox): the mails "sent" without SMTP_URL,
// each rendered again from its row as the worker rendered it, in the mailbox of its recipient:
// the signed-in person's, or an address's (`?to=`, signed out: a password reset link is asked
// for signed out, and an invitee may have no account yet). A row is its person's, but a mail to
// the payload's address (a team invitation: the row is the inviting owner's) is its invitee's.

export type KeptMail = { id: number; to: string; subject: string; text: string; sentAt: string };

const PAYLOAD_ADDRESSED = ["email_verification", "email_changed", "team_invitation", "gift_card"];
/** Rows of their sender's that go to someone else: a team invitation, a gift card (its code is the recipient's alone). */
const SENT_TO_OTHERS = ["team_invitation", "gift_card"];
/** The rows whose payload names `email` as the recipient (notify() writes the payload with JSON.stringify). */
const addressedTo = (email: string): Prisma.NotificationWhereInput => ({ kind: { in: PAYLOAD_ADDRESSED }, payload: { contains: `"toEmail":${JSON.stringify(email)}` } });

async function keptMails(where: Prisma.NotificationWhereInput, to: string | null, take: number): Promise<KeptMail[]> {
  const rows = await db.notification.findMany({
    where: { AND: [where, { channel: "email", state: "sent" }] },
    orderBy: { id: "desc" },
    take,
    select: { id: true, userId: true, kind: true, cause: true, channel: true, payload: true, attempts: true, createdAt: true, sentAt: true, requestId: true },
  });
  const mails: KeptMail[] = [];
  for (const row of rows) {
    const mail = await composeMail(row).catch(() => null);
    if (mail && (to === null || mail.to.toLowerCase() === to))
      mails.push({ id: row.id, to: mail.to, subject: mail.subject, text: mail.text, sentAt: (row.sentAt ?? row.createdAt).toISOString() });
  }
  return mails;
}

/** The signed-in person's mails: their own rows (a verification of their new address included) but the invitations and gift cards they sent, and those sent to their address. */
export async function mailboxOf(user: Pick<SessionUser, "id" | "email">, take = 30): Promise<KeptMail[]> {
  const email = user.email?.toLowerCase();
  const own: Prisma.NotificationWhereInput = { userId: user.id, kind: { notIn: SENT_TO_OTHERS } };
  return keptMails(email ? { OR: [own, { AND: [addressedTo(email), { kind: { in: SENT_TO_OTHERS } }] }] } : own, null, take);
}

/** The mails to one address (`?to=`): its account's, and those addressed to it by their payload (an invitation to someone without an account yet). */
export async function mailboxOfAddress(raw: string, take = 30): Promise<KeptMail[]> {
  const email = raw.trim().toLowerCase();
  if (!email) return [];
  const user = await db.user.findFirst({ where: { email }, select: { id: true } });
  const own: Prisma.NotificationWhereInput[] = user ? [{ userId: user.id, kind: { notIn: PAYLOAD_ADDRESSED } }] : [];
  return keptMails({ OR: [...own, addressedTo(email)] }, email, take);
}
