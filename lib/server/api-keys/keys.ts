import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { API_KEY_SAID, API_KEY_PREFIX, API_KEY_SCOPES, API_KEY_SHOWN_CHARS, MAX_API_KEYS, type ApiKeyScope } from "@/lib/shared/people/api-keys";
import type { ApiKeyInput } from "@/lib/contract/api-keys/rules";
import type { ApiKeyJson } from "@/lib/contract/api-keys/schemas";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { said, word } from "@/lib/shared/words/said";

// A restaurant's API keys (docs/architecture/api-keys.md): made, listed and revoked by its owner
// or a manager (handle() admitted them: team/owned.ts honours a manager's grant). A key is
// `nosh_live_` (production) or `nosh_test_` and 32 random bytes in base64url; only its SHA-256 is
// stored, so a lookup by hash needs no constant-time compare, and the key is shown once.

/** The SHA-256 of a key, as stored (hex). */
export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** A secret of `bytes` random bytes in base64url, shown once and kept as its SHA-256 (hashApiKey): a key's, a kitchen printer's password. */
export const mintSecret = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** A new key: the prefix of this deployment and 32 random bytes. */
export function mintApiKey(): string {
  const prefix = config().deployment === "production" ? API_KEY_PREFIX.live : API_KEY_PREFIX.test;
  return prefix + mintSecret();
}

/** A stored scopes column read back: the known scopes only. */
export const scopesOf = (column: string): ApiKeyScope[] =>
  column.split(",").filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope));

type KeyRow = { id: number; name: string; prefix: string; scopes: string; createdAt: Date; lastUsedAt: Date | null; createdBy: { firstName: string } };
const KEY_COLUMNS = { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, createdBy: { select: { firstName: true } } } as const;

export const apiKeyToJson = (row: KeyRow): ApiKeyJson => ({
  id: row.id,
  name: row.name,
  start: row.prefix,
  scopes: scopesOf(row.scopes),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy.firstName,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The restaurant's keys, newest first (at most MAX_API_KEYS exist). */
export async function listApiKeys(actor: Actor, restaurantId: number): Promise<ApiKeyJson[]> {
  await getOwnedRestaurant(actor, restaurantId);
  const rows = await db.apiKey.findMany({ where: { restaurantId }, orderBy: { id: "desc" }, take: MAX_API_KEYS, select: KEY_COLUMNS });
  return rows.map(apiKeyToJson);
}

/** Makes a key: its row (the hash) and the key itself, which is never readable again. */
export async function createApiKey(actor: Actor, restaurantId: number, input: ApiKeyInput): Promise<{ apiKey: ApiKeyJson; key: string }> {
  await getOwnedRestaurant(actor, restaurantId);
  const key = mintApiKey();
  const row = await db.$transaction(async (tx) => {
    if ((await tx.apiKey.count({ where: { restaurantId } })) >= MAX_API_KEYS) throw conflict(API_KEY_SAID.limit);
    return tx.apiKey.create({
      data: { restaurantId, createdById: actor.id, name: input.name, prefix: key.slice(0, API_KEY_SHOWN_CHARS), hash: hashApiKey(key), scopes: input.scopes.join(",") },
      select: KEY_COLUMNS,
    });
  });
  return { apiKey: apiKeyToJson(row), key };
}

/** Revokes a key of the restaurant: the row goes, so its next request is a 401. */
export async function revokeApiKey(actor: Actor, restaurantId: number, keyId: number): Promise<void> {
  await getOwnedRestaurant(actor, restaurantId);
  const { count } = await db.apiKey.deleteMany({ where: { id: keyId, restaurantId } });
  if (count === 0) throw notFound(said("messages.notFound", { what: word("apiKey") }));
}
