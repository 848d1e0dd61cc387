import "server-only";
import { createHash } from "node:crypto";
import type { NextRequest } from "next/server";
import { db } from "../platform/db";
import { ApiError, isUniqueViolation } from "../platform/errors";
import { sqlOf, sqlTransaction, type PrismaSql, type Sql } from "../platform/sql";
import { said } from "@/lib/shared/words/said";

// Idempotency-Key: a retried request with the same key returns the first answer; the same
// key with a different body is a 422. The operation and the stored answer commit in one
// transaction, so a request either happened once with its answer recorded or not at all.
// Concurrent duplicates: the key row is inserted (claimed) BEFORE the operation runs. On
// SQLite transactions are serialised, so a duplicate finds the stored answer; on PostgreSQL a
// duplicate's insert waits on the unique key until the first transaction ends, then fails
// (its transaction rolls back, having done nothing) and the stored answer is returned. Were
// the key inserted after the operation, the duplicate would run the operation against the
// first one's committed result (e.g. "already submitted") instead of replaying its answer.

export type Answer = { status: number; body: unknown };

export function idempotencyKeyOf(request: NextRequest): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ApiError("bad_request", said("rules.handlers.idempotencyKey"), { "Idempotency-Key": said("rules.handlers.invalidKey") });
  }
  return key;
}

/**
 * A step run by idempotent(): one that uses Prisma asks for it (`{ prisma: true }`) and is handed a
 * PrismaSql. `replayed()`: the key's stored answer, if the request was answered already (a card
 * checkout asks before it authorizes anything: web/checkout.ts).
 */
export interface IdempotentStep {
  (operation: (sql: PrismaSql) => Promise<Answer>, options: { prisma: true }): Promise<Answer>;
  (operation: (sql: Sql) => Promise<Answer>, options?: { prisma?: false }): Promise<Answer>;
  replayed: () => Promise<Answer | null>;
}

type Scope = { userId: number; name: string; key: string | null; request: unknown };

/**
 * Runs `operation` once per key, in one transaction with its stored answer. Without a key, its
 * own transaction (lib/server/platform/sql.ts sqlTransaction: directly on SQLite's connection, the
 * checkout's fast path, unless `prisma` asks for a Prisma transaction for an operation that uses
 * Prisma: a PrismaSql); with one, a Prisma transaction beside the key's row.
 */
/** The answer stored under the scope's key (a different request under it is the 422), or null: no key, or none answered yet. */
export async function storedAnswer(scope: Scope): Promise<Answer | null> {
  if (!scope.key) return null;
  const row = await db.idempotencyKey.findUnique({ where: { userId_scope_key: { userId: scope.userId, scope: scope.name, key: scope.key } } });
  return row && row.status !== 0 ? replayOf(scope, row) : null;
}

/** A stored answer replayed: the same request's, else the 422. */
function replayOf(scope: Scope, row: { requestHash: string; status: number; responseBody: string }): Answer {
  if (row.requestHash !== requestHashOf(scope)) throw new ApiError("unprocessable", said("messages.idempotencyReused"));
  return { status: row.status, body: JSON.parse(row.responseBody) };
}

const requestHashOf = (scope: Scope) => createHash("sha256").update(JSON.stringify(scope.request)).digest("hex");

export function idempotent(scope: Scope, operation: (sql: PrismaSql) => Promise<Answer>, options: { prisma: true }): Promise<Answer>;
export function idempotent(scope: Scope, operation: (sql: Sql) => Promise<Answer>, options?: { prisma?: false }): Promise<Answer>;
export async function idempotent(scope: Scope, operation: (sql: PrismaSql) => Promise<Answer>, options: { prisma?: boolean } = {}): Promise<Answer> {
  if (!scope.key) {
    // Without `prisma` (the overloads) `operation` takes a plain Sql.
    return options.prisma ? sqlTransaction(operation, { prisma: true }) : sqlTransaction(operation as (sql: Sql) => Promise<Answer>);
  }
  const requestHash = requestHashOf(scope);
  const where = { userId_scope_key: { userId: scope.userId, scope: scope.name, key: scope.key } };
  const replay = (row: { requestHash: string; status: number; responseBody: string }): Answer => replayOf(scope, row);
  try {
    return await db.$transaction(async (tx) => {
      const previous = await tx.idempotencyKey.findUnique({ where });
      if (previous) return replay(previous);
      await tx.idempotencyKey.create({
        data: { userId: scope.userId, scope: scope.name, key: scope.key!, requestHash, status: 0, responseBody: "" },
      });
      const answer = await operation(sqlOf(tx));
      await tx.idempotencyKey.update({ where, data: { status: answer.status, responseBody: JSON.stringify(answer.body) } });
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replay(await db.idempotencyKey.findUniqueOrThrow({ where }));
  }
}
