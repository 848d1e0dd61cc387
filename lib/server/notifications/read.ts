import "server-only";
import type { NotificationJson, NotificationPayload } from "@/lib/shared/people/notification-shapes";
import type { MarkReadInput } from "@/lib/contract/notifications/rules";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { readSql } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import type { Locale } from "@/lib/i18n/locale";
import { bellRows } from "./queries";
import { describeRowIn } from "./words";
import { said } from "@/lib/shared/words/said";

// The bell's list (docs/architecture/notifications.md "The notification centre"): a person's own
// in_app rows that were written on (state sent), newest first, and marking them read. Every
// query names the signed-in user: another person's rows are never listed, and marking one is a
// 404 that changes nothing.

const VISIBLE = { channel: "in_app", state: "sent" } as const;

export type NotificationsAnswer = { notifications: NotificationJson[]; unread: number; more: boolean };

/**
 * GET /api/notifications: the page and the unread count, two statements on the connection
 * (readSql), as Prisma's findMany and count read them (the same columns, order and index);
 * through Prisma's client they were most of the read's CPU (a personal read of the rush).
 */
export async function listNotifications(user: SessionUser, page: { limit: number; offset?: number }, locale: Locale = "en"): Promise<NotificationsAnswer> {
  const { rows, unread } = await bellRows(await readSql(), user.id, VISIBLE, page);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return {
    notifications: shown.map((row) => {
      const payload = JSON.parse(row.payload) as NotificationPayload;
      // In the request's language (words.ts: each language's translator made once, its messages parsed once).
      return { id: row.id, kind: row.kind, ...describeRowIn(locale, row.kind, payload), createdAt: row.createdAt.toISOString(), read: row.readAt !== null, payload };
    }),
    unread,
    more,
  };
}

export function unreadCount(user: SessionUser): Promise<number> {
  return db.notification.count({ where: { userId: user.id, ...VISIBLE, readAt: null } });
}

/** Marks the named rows (all of them the user's, else 404 and nothing changes), or all, read; answers the unread count. */
export async function markRead(user: SessionUser, input: MarkReadInput, now = new Date()): Promise<{ unread: number }> {
  const where = { userId: user.id, ...VISIBLE };
  if ("all" in input) {
    await db.notification.updateMany({ where: { ...where, readAt: null }, data: { readAt: now } });
  } else {
    const ids = [...new Set(input.ids)];
    await db.$transaction(async (tx) => {
      const mine = await tx.notification.count({ where: { ...where, id: { in: ids } } });
      if (mine !== ids.length) throw notFound(said("messages.notificationNotFound"));
      await tx.notification.updateMany({ where: { ...where, id: { in: ids }, readAt: null }, data: { readAt: now } });
    });
  }
  return { unread: await unreadCount(user) };
}
