import "server-only";
import { hostOps, type Check, type Sample } from "@/lib/shared/web/registries/ops.mjs";
import { config } from "../platform/config";
import { readMigrations, migrationsDir } from "../platform/migrate";
import { readSql } from "../platform/sql";
import { openStreams } from "../live/index";
import { appliedMigrations, databaseAnswers, paymentStates, pendingNotifications, unassignedJobs } from "./queries/operations";

// The app's side of the host's /readyz and /metrics (docs/architecture/operations.md): the checks
// and figures only the app can read, offered to the host at start-up (instrumentation.ts) through
// the operations registry (lib/shared/web/registries/ops.mjs). Every statement reads an index
// (the outbox's partial index of pending rows, DeliveryJob's and Payment's state indexes) and
// none writes: the host asks at most once a second for readiness and once a scrape for figures.

/** How long the oldest due notification may wait before the outbox counts as stalled (OUTBOX_STALL_SECONDS). */
export const outboxStallSeconds = () => {
  const raw = Number(process.env.OUTBOX_STALL_SECONDS);
  return Number.isFinite(raw) && raw > 0 ? raw : 300;
};

let expectedMigrations: number | undefined;
/** How many migrations this build has (read from prisma/ once: they do not change under a running server). */
const migrationCount = () => (expectedMigrations ??= readMigrations(migrationsDir(config().databaseProvider)).length);

/** Seconds since `at` (0 for none). */
const ageOf = (at: Date | null, now: Date) => (at ? Math.max(0, (now.getTime() - at.getTime()) / 1000) : 0);

/** The pending notifications, and the oldest due one's age (the outbox's partial index). */
async function outbox(now: Date): Promise<Sample["outbox"]> {
  const { depth, oldest } = await pendingNotifications(await readSql(), now);
  return { depth, oldestSeconds: ageOf(oldest, now) };
}

/** Whether the database answers, every migration this build has is applied, and the outbox drains. */
export async function readiness(now = new Date()): Promise<Record<string, Check>> {
  const checks: Record<string, Check> = {};
  try {
    const sql = await readSql();
    await databaseAnswers(sql);
    checks.database = { ok: true };
    const expected = migrationCount();
    const count = await appliedMigrations(sql);
    checks.migrations = count >= expected ? { ok: true } : { ok: false, detail: `${expected - count} of ${expected} migrations not applied` };
    const { oldestSeconds } = await outbox(now);
    const stall = outboxStallSeconds();
    checks.outbox =
      oldestSeconds <= stall ? { ok: true } : { ok: false, detail: `the oldest due notification has waited ${Math.round(oldestSeconds)} s (over ${stall} s)` };
  } catch (error) {
    checks.database ??= { ok: false, detail: error instanceof Error ? error.message.slice(0, 200) : String(error) };
  }
  return checks;
}

/** The figures a scrape of /metrics shows besides the host's own. */
export async function sample(now = new Date()): Promise<Sample> {
  const sql = await readSql();
  const payments: Record<string, number> = {};
  for (const each of await paymentStates(sql)) payments[each.state] = each.count;
  const unassigned = await unassignedJobs(sql);
  return {
    openStreams: openStreams(),
    outbox: await outbox(now),
    payments,
    unassigned: { count: unassigned.count, oldestSeconds: ageOf(unassigned.oldest, now) },
  };
}

/** Offers the checks and figures to the host (nothing without a host). */
export function offerOperations(): void {
  const ops = hostOps();
  if (ops) ops.app = { ready: () => readiness(), sample: () => sample() };
}
