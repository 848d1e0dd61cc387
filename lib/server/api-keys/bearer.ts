import "server-only";
import { API_KEY_PATTERN, API_KEY_REQUESTS_PER_MINUTE } from "@/lib/shared/people/api-keys";
import type { Operation } from "@/lib/contract/operations";
import { db } from "../platform/db";
import { forbidden, unauthorized } from "../platform/errors";
import { takeMinuteSlot } from "../platform/action-limits";
import { sessionUserRow, type SessionUserRow } from "../accounts/queries";
import { hashApiKey, scopesOf } from "./keys";
import { said } from "@/lib/shared/words/said";

// A request made with a restaurant's API key (docs/architecture/api-keys.md): handle()
// (web/handle.ts) asks here instead of reading the session when the request carries
// `Authorization: Bearer <key>`. The key is looked up by its SHA-256 on every request (a revoked
// key's row is gone: its next request is a 401), counted against its own allowance a minute,
// checked against the operation's declared scopes, and acts as the member who made it, read
// afresh (restaurant-access.ts then checks their role at the key's restaurant, the key's only one).

/** The key a request carries in `Authorization: Bearer <key>`, or null: no such header (a cookie session's request). */
export function bearerKeyOf(request: { headers: Headers }): string | null {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/** What handle() knows of a key after admitting it: which key, and its one restaurant. */
export type KeyGrant = { keyId: number; restaurantId: number };

/** How often a key's `lastUsedAt` is written: at most once a minute, not on every request. */
const TOUCH_MS = 60_000;

/**
 * The caller of a request made with `key`: the key's maker as `user`, and the key's grant; or the
 * refusal: the operation takes no keys, or the key is unknown or revoked (401); past its
 * allowance (429 with Retry-After); none of the operation's scopes (403).
 */
export async function admitApiKey(operation: Pick<Operation, "keys">, key: string, now = new Date()): Promise<{ user: SessionUserRow; apiKey: KeyGrant }> {
  if (!operation.keys) throw unauthorized(said("messages.apiKeyNotAccepted"));
  if (!API_KEY_PATTERN.test(key)) throw unauthorized(said("messages.apiKeyUnknown"));
  const row = await db.apiKey.findUnique({
    where: { hash: hashApiKey(key) },
    select: { id: true, restaurantId: true, createdById: true, scopes: true, lastUsedAt: true },
  });
  if (!row) throw unauthorized(said("messages.apiKeyUnknown"));
  await takeMinuteSlot(`api-key:${row.id}`, API_KEY_REQUESTS_PER_MINUTE, said("messages.apiKeyTooMany"), now);
  if (!scopesOf(row.scopes).some((scope) => operation.keys!.includes(scope))) throw forbidden(said("messages.apiKeyScope"));
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_MS) {
    // Conditional: of parallel requests in a new minute, one writes.
    await db.apiKey.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - TOUCH_MS) } }] },
      data: { lastUsedAt: now },
    });
  }
  const maker = await sessionUserRow(row.createdById, "");
  if (!maker) throw unauthorized(said("messages.apiKeyUnknown"));
  return { user: maker.user, apiKey: { keyId: row.id, restaurantId: row.restaurantId } };
}
