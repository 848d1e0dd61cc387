import "server-only";
import { ApiError, conflict } from "../platform/errors";
import { appLog } from "../platform/log";
import { readSql, sqlTransaction } from "../platform/sql";
import { SHUTDOWN_EVENT } from "@/lib/shared/web/host-contract.mjs";
import type { Courier } from "./courier";
import { acceptablePoints, OFF_SHIFT, reportPositions, TOO_OFTEN, type PositionPoint } from "./positions";
import { flushBatchedPoints, reportState, type StoredPoint } from "./queries/positions";

// The position reports of couriers holding no job, batched (docs/architecture/couriers.md
// "Positions"): 200 reports a second were 200 transactions of five statements; here each is one
// read of the courier's state, and the accepted points wait in this process for the next flush
// (POSITION_FLUSH_MS), which writes every courier's points and newest position in a few
// statements. A courier holding a job is written at once (positions.ts reportPositions): the
// order's stream and screens, the steps at a stop and the pay read their position from the
// database, on any instance. A free courier's position is read by dispatch (this process flushes
// before matching: tick.ts; another instance's tick sees it at most a flush late) and by the
// courier's own screens (read through `pendingPosition`).

/** How long accepted points of couriers holding no job wait in memory before they are written. */
export const POSITION_FLUSH_MS = 1_000;

type Pending = { reportedAt: number; points: StoredPoint[]; newest: StoredPoint | null };
type Writer = (due: ReadonlyMap<number, readonly StoredPoint[]>, now: Date) => Promise<unknown>;

/** A flush's one transaction (its commit relaxed, as a report's: platform/sql.ts Durability). */
const writeBatch: Writer = (due, now) => sqlTransaction((sql) => flushBatchedPoints(sql, due, now), { durability: "relaxed" });

export class PositionBatch {
  constructor(private readonly write: Writer = writeBatch) {}

  /** By courier: the last report answered here (the 1/s claim) and the points not yet written. */
  readonly #couriers = new Map<number, Pending>();
  /** By courier: the newest point of a flush whose write has not committed yet (PostgreSQL's write awaits the network). */
  readonly #writing = new Map<number, StoredPoint>();
  #flushing: Promise<void> = Promise.resolve();

  /** POST /api/courier/position for `courier`, as reportPositions answers it. */
  async report(courier: Courier, points: PositionPoint[], now = new Date()): Promise<{ accepted: number; dropped: number }> {
    const held = this.#couriers.get(courier.id);
    // Claimed before any wait, so two reports at once from one courier are one report and a 429.
    if (held && held.reportedAt > now.getTime() - 1000) throw tooOften();
    const mine: Pending = held ?? { reportedAt: 0, points: [], newest: null };
    const claimedBefore = mine.reportedAt;
    mine.reportedAt = now.getTime();
    this.#couriers.set(courier.id, mine);
    try {
      const state = await reportState(await readSql(), courier.id);
      if (!state?.onShift) throw conflict(OFF_SHIFT);
      if (state.reportedAt && state.reportedAt.getTime() > now.getTime() - 1000) throw tooOften();
      // Carrying or fetching an order: its stream and screens see the position now.
      if (state.activeJobs > 0) return await reportPositions(courier, points, now);
      const stored = state.lat !== null && state.lng !== null && state.positionAt ? { lat: state.lat, lng: state.lng, at: state.positionAt } : null;
      const previous = mine.newest && (!stored || mine.newest.at > stored.at) ? mine.newest : stored;
      const accepted = acceptablePoints(previous, points, now);
      mine.points.push(...accepted);
      mine.newest = accepted.at(-1) ?? mine.newest;
      return { accepted: accepted.length, dropped: points.length - accepted.length };
    } catch (error) {
      mine.reportedAt = claimedBefore;
      throw error;
    }
  }

  /** The newest accepted point of `courierId` still waiting here, or null. */
  pending(courierId: number): StoredPoint | null {
    const mine = this.#couriers.get(courierId);
    return mine?.points.length ? mine.newest : (this.#writing.get(courierId) ?? null);
  }

  /** Writes every waiting point (one flush at a time); forgets claims older than a second. */
  flush(now = new Date()): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write(now));
    return this.#flushing;
  }

  async #write(now: Date) {
    const due = new Map<number, StoredPoint[]>();
    for (const [courierId, mine] of this.#couriers) {
      if (mine.points.length) {
        due.set(courierId, mine.points);
        if (mine.newest) this.#writing.set(courierId, mine.newest);
      }
      mine.points = [];
      if (mine.reportedAt <= now.getTime() - 1000) this.#couriers.delete(courierId);
    }
    if (!due.size) return;
    try {
      await this.write(due, now);
    } catch (error) {
      // Seconds out of date anyway: the next reports replace them. Said, not retried.
      appLog.error(`writing ${due.size} couriers' positions failed: ${(error as Error).message}`);
    } finally {
      this.#writing.clear();
    }
  }
}

const tooOften = () => new ApiError("too_many_requests", TOO_OFTEN, undefined, { "Retry-After": "1" });

const holder = globalThis as { __noshPositionBatch?: PositionBatch };

/** This process's batch once batching has started (the jobs' start: startPositionBatching), else undefined. */
export const positionBatch = (): PositionBatch | undefined => holder.__noshPositionBatch;

/** A report: through the batch when it runs, else written at once (Vitest, scripts). */
export function reportPosition(courier: Courier, points: PositionPoint[], now = new Date()) {
  const batch = positionBatch();
  return batch ? batch.report(courier, points, now) : reportPositions(courier, points, now);
}

/** The newest position of `courierId` this process has accepted and not yet written, or null. */
export const pendingPosition = (courierId: number): StoredPoint | null => positionBatch()?.pending(courierId) ?? null;

/** Writes this process's waiting positions now (before a read of every courier's: the dispatch's matching). */
export const flushPositions = (): Promise<void> => positionBatch()?.flush() ?? Promise.resolve();

/** Starts batching in this process: a flush every `everyMs` (0: only when asked, for tests), and a last one when it stops. */
export function startPositionBatching(everyMs = POSITION_FLUSH_MS): PositionBatch {
  if (holder.__noshPositionBatch) return holder.__noshPositionBatch;
  const batch = (holder.__noshPositionBatch = new PositionBatch());
  const timer = everyMs > 0 ? setInterval(() => void batch.flush(), everyMs).unref() : null;
  const last = () => void batch.flush();
  process.once(SHUTDOWN_EVENT, last);
  stopping = async () => {
    if (timer) clearInterval(timer);
    process.off(SHUTDOWN_EVENT, last);
    holder.__noshPositionBatch = undefined;
    await batch.flush();
  };
  return batch;
}

let stopping: () => Promise<void> = async () => {};
/** Stops batching in this process after a last flush (a test file's end: the next one writes at once again). */
export const stopPositionBatching = (): Promise<void> => stopping();
