import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationKind, type NotificationKind } from "@/lib/shared/people/notifications";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { badRequest, notFound } from "../platform/errors";
import { said } from "@/lib/shared/words/said";

// The one-click unsubscribe of every mail (docs/architecture/notification-mail.md "Unsubscribe",
// RFC 8058): a link naming the recipient and the kind, signed with the app's secret (HMAC-SHA256
// of "unsubscribe!<userId>!<kind>" under SESSION_SECRET), so it needs no session and cannot be
// made for another person or another kind. POSTing it turns that kind's email off for that
// person; GET only shows a page with a button (mail scanners follow links).

const TOKEN = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

const signature = (userId: number, kind: string) => createHmac("sha256", config().sessionSecret).update(`unsubscribe!${userId}!${kind}`).digest("base64url");

/** The token for `userId`'s mails of `kind`: "<userId>.<kind>.<signature>". */
export function unsubscribeToken(userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(userId, kind)}`;
}

/** The link a mail carries (List-Unsubscribe and its footer). */
export function unsubscribeUrl(origin: string, userId: number, kind: NotificationKind): string {
  return `${origin}/api/notifications/unsubscribe?token=${unsubscribeToken(userId, kind)}`;
}

/** Who and what a token names, or a 400 when it is malformed, forged or tampered with. */
export function verifyUnsubscribeToken(token: string): { userId: number; kind: NotificationKind } {
  const match = TOKEN.exec(token);
  if (!match) throw badRequest(said("messages.unsubscribeInvalid"), { token: said("messages.unsubscribeInvalid") });
  const userId = Number(match[1]);
  const kind = match[2]!;
  const given = Buffer.from(match[3]!, "base64url");
  const expected = Buffer.from(signature(userId, kind), "base64url");
  if (!isNotificationKind(kind) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badRequest(said("messages.unsubscribeInvalid"), { token: said("messages.unsubscribeInvalid") });
  }
  return { userId, kind };
}

/** Turns the token's kind's email off for its person (no session: the token is the authority). */
export async function unsubscribe(token: string): Promise<{ kind: NotificationKind; email: string | null }> {
  const { userId, kind } = verifyUnsubscribeToken(token);
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) throw notFound(said("messages.accountNotFound"));
  await db.notificationPreference.upsert({
    where: { userId_kind_channel: { userId, kind, channel: "email" } },
    create: { userId, kind, channel: "email", enabled: false },
    update: { enabled: false },
  });
  return { kind, email: user.email };
}

/** Whether the token's person has that kind's email off (the page after the button). */
export async function isUnsubscribed(userId: number, kind: NotificationKind): Promise<boolean> {
  const row = await db.notificationPreference.findUnique({ where: { userId_kind_channel: { userId, kind, channel: "email" } }, select: { enabled: true } });
  return row?.enabled === false;
}
