import "server-only";
import { ECDH } from "node:crypto";
import type { PushSubscriptionInput } from "@/lib/contract/notifications/push-rules";
import { fieldError, notFound } from "../platform/errors";
import { db } from "../platform/db";
import type { SessionUser } from "../platform/session-user";
import { endpointProblem } from "./push";
import { said, word } from "@/lib/shared/words/said";

// A person's devices for web push (docs/architecture/web-push.md "Web push"). Guests may
// subscribe too: a guest's order is told like anyone's, and a guest is who most likely has no
// email address and closes the tab; their subscriptions go with the guest account when it is pruned.

/** Devices one person may have; a new one past that replaces their oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export type PushSubscriptionJson = { id: number; createdAt: string; userAgent: string | null };

const toJson = (row: { id: number; createdAt: Date; userAgent: string | null }): PushSubscriptionJson => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  userAgent: row.userAgent,
});

/** "Chrome on Android" from a User-Agent header; null when nothing is recognised. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /CrOS/.test(userAgent)
            ? "ChromeOS"
            : /Linux/.test(userAgent)
              ? "Linux"
              : null;
  if (!browser && !system) return null;
  return [browser ?? "A browser", system].filter(Boolean).join(" on ");
}

/** Whether a p256dh key (65 bytes, already checked) is a point of P-256: nothing could be encrypted for it otherwise. */
function onCurve(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh.replace(/=+$/, ""), "base64url"), "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves the caller's subscription. The endpoint is the device's: posting one that exists (the
 * page re-subscribing, or another account signing in on the same browser) moves it to the caller
 * with the keys sent, so a device gets the notifications of whoever subscribed on it last. Past
 * MAX_PUSH_SUBSCRIPTIONS, the caller's oldest are deleted. `created` is false for a known endpoint.
 */
export async function subscribePush(
  user: SessionUser,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<{ subscription: PushSubscriptionJson; created: boolean }> {
  const problem = endpointProblem(input.endpoint);
  if (problem) throw fieldError("endpoint", problem);
  if (!onCurve(input.keys.p256dh)) throw fieldError("keys.p256dh", said("rules.handlers.p256dhCurve"));
  const data = { userId: user.id, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: deviceLabel(userAgent), createdAt: new Date() };
  return db.$transaction(async (tx) => {
    const existing = await tx.pushSubscription.findUnique({ where: { endpoint: input.endpoint }, select: { id: true } });
    const row = await tx.pushSubscription.upsert({ where: { endpoint: input.endpoint }, create: { endpoint: input.endpoint, ...data }, update: data });
    const mine = await tx.pushSubscription.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    const extra = mine.slice(MAX_PUSH_SUBSCRIPTIONS).map((s) => s.id);
    if (extra.length) await tx.pushSubscription.deleteMany({ where: { id: { in: extra } } });
    return { subscription: toJson(row), created: !existing };
  });
}

/** Deletes one of the caller's subscriptions; another person's id is a 404, as a missing one. */
export async function unsubscribePush(user: SessionUser, id: number): Promise<void> {
  const { count } = await db.pushSubscription.deleteMany({ where: { id, userId: user.id } });
  if (!count) throw notFound(said("messages.notFound", { what: word("pushSubscription") }));
}
