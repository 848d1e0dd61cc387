import { FRESH_POSITION_MS, MAX_POINTS_PER_REPORT } from "@/lib/shared/delivery/delivery";

// The courier app's position reports (POST /api/courier/position, docs/architecture/couriers.md):
// at most one every REPORT_EVERY_MS, never sooner than the server's one a second, after a 429's
// Retry-After, and with every point gathered meanwhile (offline too) sent as `{ points }`. Pure:
// the hook (components/courier/use-position-reports.ts) feeds it the clock and the answers.

export const REPORT_EVERY_MS = 5_000;
/** The server refuses a second report within a second (429). */
export const MIN_GAP_MS = 1_000;
/** Standing still: the last fix is sent again with the current time this long after it (30-60 s: well inside FRESH_POSITION_MS). */
export const REPEAT_EVERY_MS = 45_000;

/** A fix as the app keeps it: dated by the phone's clock. */
export type ReportPoint = { lat: number; lng: number; accuracy?: number; at: string };
/** A fix as it is sent: its age by the phone's clock, which the server subtracts from its own. */
export type SentPoint = Omit<ReportPoint, "at"> & { ageMs: number };
export type ReportBody = SentPoint | { points: SentPoint[] };

/** The point as sent at `now` (the phone's clock): how long ago it was taken, never below 0. */
export const onWire = ({ at, ...point }: ReportPoint, now: number): SentPoint => ({ ...point, ageMs: Math.max(0, Math.round(now - Date.parse(at))) });
/** How a report ended: sent; refused for now (429, with its Retry-After in seconds); not sent (offline); or refused for good (off shift, bad point). */
export type ReportOutcome = { kind: "sent" } | { kind: "slow-down"; retryAfterS: number } | { kind: "offline" } | { kind: "refused" };

export class PositionReports {
  private queue: ReportPoint[] = [];
  private sending = 0;
  private lastSentAt = -Infinity;
  private blockedUntil = 0;
  /** The newest fix, and when it was taken (ms epoch). */
  private last: ReportPoint | null = null;
  /** The newest point the server took (ms epoch), or since when the shift has been waiting for one. */
  private reportedAt: number | null = null;
  private waitingSince = 0;
  private sendingNewest = 0;

  /** A new fix; only the newest MAX_POINTS_PER_REPORT wait (the server takes no more at once). */
  add(point: ReportPoint): void {
    this.queue.push(point);
    if (!this.last || Date.parse(point.at) >= Date.parse(this.last.at)) this.last = point;
    if (this.queue.length > MAX_POINTS_PER_REPORT) this.queue.splice(0, this.queue.length - MAX_POINTS_PER_REPORT);
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** The newest fix as it is sent at `now` (a step at a stop carries it: the server checks it, as the card measures from it), or null without one. */
  newest(now: number): SentPoint | null {
    return this.last ? onWire(this.last, now) : null;
  }

  /** When the next report may go (ms epoch), or null when there is nothing to send or one is on its way. */
  dueAt(): number | null {
    if (!this.queue.length || this.sending) return null;
    return Math.max(this.lastSentAt + REPORT_EVERY_MS, this.blockedUntil);
  }

  /** The report to send now, or null if it is not yet time. Call settle() with its outcome. */
  take(now: number): ReportBody | null {
    const due = this.dueAt();
    if (due === null || now < due) return null;
    this.sending = this.queue.length;
    this.lastSentAt = now;
    const points = this.queue.slice(0, this.sending);
    this.sendingNewest = Math.max(...points.map((point) => Date.parse(point.at)));
    return points.length === 1 ? onWire(points[0]!, now) : { points: points.map((point) => onWire(point, now)) };
  }

  settle(outcome: ReportOutcome, now: number): void {
    const sent = this.sending;
    this.sending = 0;
    if (outcome.kind === "sent") this.reportedAt = Math.max(this.reportedAt ?? 0, this.sendingNewest);
    if (outcome.kind === "sent" || outcome.kind === "refused") this.queue.splice(0, sent);
    else if (outcome.kind === "slow-down") this.blockedUntil = now + Math.max(MIN_GAP_MS, outcome.retryAfterS * 1_000);
    else this.lastSentAt = Math.max(this.lastSentAt, now - REPORT_EVERY_MS + MIN_GAP_MS); // offline: try again a second later at the soonest
  }

  /**
   * Standing still: when REPEAT_EVERY_MS passed since the newest fix and nothing waits, that fix
   * again with the current time (a courier who has not moved is still there). True if one was added.
   */
  repeat(now: number): boolean {
    if (!this.last || this.queue.length || this.sending || now - Date.parse(this.last.at) < REPEAT_EVERY_MS) return false;
    this.add({ ...this.last, at: new Date(now).toISOString() });
    return true;
  }

  /** On shift from `now`: the position counts as stale only FRESH_POSITION_MS later without a report taken. */
  begin(now: number): void {
    this.waitingSince = now;
    this.reportedAt = null;
  }

  /** The server's newest point of this courier is older than dispatch takes (FRESH_POSITION_MS): no offers until the next report. */
  stale(now: number): boolean {
    return now - (this.reportedAt ?? this.waitingSince) > FRESH_POSITION_MS;
  }

  /** Off shift: forget what was not sent, and the last fix. */
  clear(): void {
    this.queue = [];
    this.sending = 0;
    this.last = null;
    this.reportedAt = null;
  }
}
