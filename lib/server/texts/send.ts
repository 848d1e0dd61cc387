import "server-only";
import { randomInt } from "node:crypto";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { momentBit, quietUntil, segmentsOf, textIgnoresQuietHours, textMomentOf, type TextMoment } from "@/lib/shared/people/texts";
import { e164Of } from "@/lib/contract/texts/rules";
import { DeferNotification, SkipNotification, type OutboxRow } from "../notifications/worker";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { CODE_MINUTES, hashCode } from "./numbers";
import { TextRefused, type TextProvider } from "./providers/provider";
import { textProvider } from "./providers/select";
import { codeText, momentText, ownerWaitingText } from "./words";

// The outbox's `sms` sender (docs/architecture/text-messages.md "Sending"): a row becomes a text
// when the worker sends it, never in a request. For each of the person's numbers confirmed for the
// row's moment (and a phone order's own number), in this order: a number that answered STOP gets
// nothing (at once: read here, at the send); quiet hours defer what is not about an order under
// way; the per-number and per-account limits skip the rest; then the provider sends and the text
// is recorded (TextMessage: the limits, the status callbacks, the cost per market). A retried row
// does not text a number it already reached.

type Target = { phone: string; quiet: { start: number; end: number } | null; timeZone: string };

export async function sendText(row: OutboxRow, now: Date): Promise<void> {
  const provider = textProvider();
  if (!provider) throw new SkipNotification("Text messages are off (TEXTS unset in production)");
  const payload = JSON.parse(row.payload) as NotificationPayload & { numberId?: number };
  const user = await db.user.findUnique({ where: { id: row.userId }, select: { language: true } });
  if (!user) throw new SkipNotification("The account is gone");
  if (row.kind === "text_code") return sendCode(provider, row, payload.numberId ?? 0, user.language, now);
  const moment = textMomentOf(row.kind, payload as { stage?: string });
  if (!moment) throw new SkipNotification(`${row.kind} is not a text moment`);
  const targets = await targetsOf(row.userId, moment, payload.orderId ?? null);
  const open = await notStopped(targets);
  if (!open.length) throw new SkipNotification(targets.length ? "Every number answered STOP" : "No number confirmed for this moment");
  if (!textIgnoresQuietHours(row.kind)) {
    const until = open.map((target) => quietUntil(target.quiet, target.timeZone, now)).filter((at): at is Date => at !== null);
    if (until.length) throw new DeferNotification(new Date(Math.max(...until.map((at) => at.getTime()))), "Quiet hours");
  }
  const order = payload.orderId
    ? await db.order.findUnique({
        where: { id: payload.orderId },
        select: { stage: true, submittedAt: true, restaurant: { select: { id: true, name: true, marketId: true } } },
      })
    : null;
  if (moment === "waiting" && order?.stage !== "placed") throw new SkipNotification("The order was answered before the text went");
  const name = order?.restaurant?.name ?? "Nosh";
  const body =
    moment === "waiting"
      ? ownerWaitingText(
          user.language,
          name,
          Math.max(1, Math.round((now.getTime() - (order?.submittedAt ?? now).getTime()) / 60_000)),
          `${config().linkOrigin}/restaurants/${order?.restaurant?.id ?? ""}/orders`,
        )
      : momentText(user.language, moment, row.kind, payload, name, `${config().linkOrigin}/orders/${payload.orderId ?? ""}`);
  await sendEach(provider, row, open, body, order?.restaurant?.marketId ?? 1, now);
}

/** The confirmation code: made now (only its hash kept, valid CODE_MINUTES), texted to the number still unconfirmed. */
async function sendCode(provider: TextProvider, row: OutboxRow, numberId: number, language: string | null, now: Date) {
  const number = await db.textNumber.findFirst({ where: { id: numberId, userId: row.userId, confirmedAt: null } });
  if (!number) throw new SkipNotification("The number was removed or confirmed");
  if (!(await notStopped([{ phone: number.phone, quiet: null, timeZone: "UTC" }])).length) throw new SkipNotification("The number answered STOP");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.textNumber.update({
    where: { id: number.id },
    data: { codeHash: hashCode(code), codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000), codeAttempts: 0 },
  });
  await sendEach(provider, row, [{ phone: number.phone, quiet: null, timeZone: "UTC" }], codeText(language, code, CODE_MINUTES), 1, now);
}

async function targetsOf(userId: number, moment: TextMoment, orderId: number | null): Promise<Target[]> {
  const numbers = await db.textNumber.findMany({ where: { userId, confirmedAt: { not: null } }, orderBy: { id: "asc" } });
  const bit = momentBit(moment);
  const targets: Target[] = numbers
    .filter((n) => (n.moments & bit) !== 0)
    .map((n) => ({ phone: n.phone, quiet: n.quietStart !== null && n.quietEnd !== null ? { start: n.quietStart, end: n.quietEnd } : null, timeZone: n.timeZone }));
  // A phone order's customer (a guest account named after the caller): the number they gave the restaurant.
  const order = orderId ? await db.order.findUnique({ where: { id: orderId }, select: { userId: true, customerPhone: true } }) : null;
  const given = order?.userId === userId && order.customerPhone ? e164Of(order.customerPhone) : null;
  if (given && !targets.some((t) => t.phone === given)) targets.push({ phone: given, quiet: null, timeZone: "UTC" });
  return targets;
}

/** The targets whose number has not answered STOP: read at each send, so a STOP is honoured by the next one. */
async function notStopped(targets: readonly Target[]): Promise<Target[]> {
  if (!targets.length) return [];
  const stopped = new Set((await db.textOptOut.findMany({ where: { phone: { in: targets.map((t) => t.phone) } }, select: { phone: true } })).map((r) => r.phone));
  return targets.filter((t) => !stopped.has(t.phone));
}

async function sendEach(provider: TextProvider, row: OutboxRow, targets: readonly Target[], body: string, marketId: number, now: Date) {
  const { perNumberPerHour, perAccountPerDay, segmentCostMicros } = config().texts;
  const statusCallback = `${config().linkOrigin}/api/texts/${provider.name}/status`;
  let sent = 0;
  let limited = 0;
  for (const target of targets) {
    if (await db.textMessage.count({ where: { notificationId: row.id, phone: target.phone, direction: "out" } })) continue;
    const [toNumber, toAccount] = await Promise.all([
      db.textMessage.count({ where: { direction: "out", phone: target.phone, createdAt: { gt: new Date(now.getTime() - 3_600_000) } } }),
      db.textMessage.count({ where: { direction: "out", userId: row.userId, createdAt: { gt: new Date(now.getTime() - 86_400_000) } } }),
    ]);
    if (toNumber >= perNumberPerHour || toAccount >= perAccountPerDay) {
      limited++;
      continue;
    }
    let answer;
    try {
      answer = await provider.send({ to: target.phone, body, statusCallback });
    } catch (error) {
      if (error instanceof TextRefused) throw new SkipNotification(error.message);
      throw error;
    }
    const segments = segmentsOf(body);
    await db.textMessage.create({
      data: {
        direction: "out",
        phone: target.phone,
        userId: row.userId,
        notificationId: row.id,
        kind: row.kind,
        // Only the built-in provider's words are kept: its page is the phone. A real text's words stay at the provider.
        body: provider.name === "builtin" ? body : null,
        provider: provider.name,
        providerId: answer.providerId,
        status: answer.status,
        segments,
        costMicros: segments * segmentCostMicros,
        marketId,
        createdAt: now,
      },
    });
    sent++;
  }
  if (!sent && limited) throw new SkipNotification("Send limit reached (TEXTS_PER_NUMBER_PER_HOUR, TEXTS_PER_ACCOUNT_PER_DAY)");
}
