import { describe, expect, it } from "vitest";
import { FRESH_POSITION_MS, MAX_POINTS_PER_REPORT } from "@/lib/shared/delivery/delivery";
import { MIN_GAP_MS, onWire, PositionReports, REPEAT_EVERY_MS, REPORT_EVERY_MS, type ReportPoint } from "./position-reports";

const point = (n: number) => ({ lat: 40 + n / 1000, lng: -73.99, at: new Date(1_000_000 + n * 1000).toISOString() });
/** `p` as a report sent at `now` carries it: its age then. */
const sent = (p: ReportPoint, now: number) => onWire(p, now);

describe("PositionReports", () => {
  it("sends each fix's age by the phone's own clock, not its date: a phone clock set wrong changes nothing", () => {
    for (const skew of [0, 10 * 60_000, -3 * 60_000]) {
      const reports = new PositionReports();
      const takenAt = 5_000_000 + skew;
      reports.add({ lat: 40, lng: -73.99, at: new Date(takenAt).toISOString() });
      expect(reports.take(takenAt + 1_500)).toEqual({ lat: 40, lng: -73.99, ageMs: 1_500 });
    }
  });

  it("gives a step at a stop the newest fix with its age, whether or not its report went yet (the one the card measures from)", () => {
    const reports = new PositionReports();
    expect(reports.newest(1_000_000)).toBeNull();
    reports.add({ ...point(1), accuracy: 8 });
    reports.take(1_001_000);
    reports.add({ ...point(3), accuracy: 5 });
    reports.add(point(2)); // an older fix arriving late is not the newest
    expect(reports.newest(1_004_500)).toEqual({ lat: point(3).lat, lng: -73.99, accuracy: 5, ageMs: 1_500 });
  });

  it("sends the first fix at once, then at most one report every five seconds", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    expect(reports.take(0)).toEqual(sent(point(1), 0));
    reports.settle({ kind: "sent" }, 0);
    reports.add(point(2));
    expect(reports.take(1_000)).toBeNull();
    expect(reports.take(REPORT_EVERY_MS - 1)).toBeNull();
    expect(reports.take(REPORT_EVERY_MS)).toEqual(sent(point(2), REPORT_EVERY_MS));
  });

  it("batches the fixes gathered between reports as { points }, oldest first", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.settle({ kind: "sent" }, 0);
    [2, 3, 4].forEach((n) => reports.add(point(n)));
    expect(reports.take(REPORT_EVERY_MS)).toEqual({ points: [point(2), point(3), point(4)].map((p) => sent(p, REPORT_EVERY_MS)) });
  });

  it("keeps the points while offline and sends them together when back", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.settle({ kind: "offline" }, 0);
    reports.add(point(2));
    expect(reports.dueAt()).toBeGreaterThanOrEqual(MIN_GAP_MS);
    expect(reports.take(REPORT_EVERY_MS)).toEqual({ points: [point(1), point(2)].map((p) => sent(p, REPORT_EVERY_MS)) });
  });

  it("waits out a 429's Retry-After, keeping the points", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.settle({ kind: "slow-down", retryAfterS: 12 }, 0);
    expect(reports.take(REPORT_EVERY_MS)).toBeNull();
    expect(reports.take(12_000)).toEqual(sent(point(1), 12_000));
  });

  it("never reports while one is on its way, and keeps what arrived meanwhile", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.add(point(2));
    expect(reports.dueAt()).toBeNull();
    expect(reports.take(60_000)).toBeNull();
    reports.settle({ kind: "sent" }, 100);
    expect(reports.waiting).toBe(1);
    expect(reports.take(REPORT_EVERY_MS)).toEqual(sent(point(2), REPORT_EVERY_MS));
  });

  it("drops points the server refused for good (off shift)", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.settle({ kind: "refused" }, 0);
    expect(reports.waiting).toBe(0);
    expect(reports.dueAt()).toBeNull();
  });

  it("holds at most one report's worth of points, the newest", () => {
    const reports = new PositionReports();
    for (let n = 0; n < MAX_POINTS_PER_REPORT + 10; n++) reports.add(point(n));
    const body = reports.take(0) as { points: unknown[] };
    expect(body.points).toHaveLength(MAX_POINTS_PER_REPORT);
    expect(body.points[0]).toEqual(sent(point(10), 0));
  });

  it("standing still, repeats the last fix with the current time every 30-60 s, so dispatch still sees the courier", () => {
    expect(REPEAT_EVERY_MS).toBeGreaterThanOrEqual(30_000);
    expect(REPEAT_EVERY_MS).toBeLessThanOrEqual(60_000);
    const reports = new PositionReports();
    const fixAt = 1_000_000 + 1000;
    reports.add(point(1));
    reports.take(fixAt);
    reports.settle({ kind: "sent" }, fixAt);
    // No new fix from the browser: nothing to repeat before REPEAT_EVERY_MS, then the same place, now.
    expect(reports.repeat(fixAt + REPEAT_EVERY_MS - 1)).toBe(false);
    expect(reports.repeat(fixAt + REPEAT_EVERY_MS)).toBe(true);
    const now = fixAt + REPEAT_EVERY_MS;
    expect(reports.take(now)).toEqual({ ...sent(point(1), now), ageMs: 0 });
    reports.settle({ kind: "sent" }, now);
    // And again, as long as the courier stands still: the position never gets older than FRESH_POSITION_MS.
    expect(reports.repeat(now + REPEAT_EVERY_MS)).toBe(true);
    expect(REPEAT_EVERY_MS).toBeLessThan(FRESH_POSITION_MS / 2);
    // Moving, fixes come on their own: no repeat while one waits.
    reports.add(point(200));
    expect(reports.repeat(now + 10 * REPEAT_EVERY_MS)).toBe(false);
  });

  it("says when the position the server has is too old for offers: no fix, nothing sent, or reports stopped", () => {
    const reports = new PositionReports();
    const start = 1_000_000;
    reports.begin(start);
    // No fix yet (permission pending or refused, no signal): stale once FRESH_POSITION_MS passed.
    expect(reports.stale(start + FRESH_POSITION_MS)).toBe(false);
    expect(reports.stale(start + FRESH_POSITION_MS + 1)).toBe(true);
    reports.add(point(500));
    expect(reports.stale(start + FRESH_POSITION_MS + 1)).toBe(true);
    const sentAt = Date.parse(point(500).at);
    reports.take(sentAt);
    reports.settle({ kind: "sent" }, sentAt);
    expect(reports.stale(sentAt + 1_000)).toBe(false);
    // A background tab whose timers slept: the newest point taken grows old.
    expect(reports.stale(sentAt + FRESH_POSITION_MS + 1)).toBe(true);
    // Offline: a point not taken by the server does not make the position fresh.
    reports.add(point(700));
    reports.take(sentAt + 200_000);
    reports.settle({ kind: "offline" }, sentAt + 200_000);
    expect(reports.stale(sentAt + 200_000)).toBe(true);
  });
});
