import { describe, expect, it } from "vitest";
import { MAX_POINTS_PER_REPORT } from "@/lib/shared/delivery";
import { MIN_GAP_MS, PositionReports, REPORT_EVERY_MS } from "./position-reports";

const point = (n: number) => ({ lat: 40 + n / 1000, lng: -73.99, at: new Date(1_000_000 + n * 1000).toISOString() });

describe("PositionReports", () => {
  it("sends the first fix at once, then at most one report every five seconds", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    expect(reports.take(0)).toEqual(point(1));
    reports.settle({ kind: "sent" }, 0);
    reports.add(point(2));
    expect(reports.take(1_000)).toBeNull();
    expect(reports.take(REPORT_EVERY_MS - 1)).toBeNull();
    expect(reports.take(REPORT_EVERY_MS)).toEqual(point(2));
  });

  it("batches the fixes gathered between reports as { points }, oldest first", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.settle({ kind: "sent" }, 0);
    [2, 3, 4].forEach((n) => reports.add(point(n)));
    expect(reports.take(REPORT_EVERY_MS)).toEqual({ points: [point(2), point(3), point(4)] });
  });

  it("keeps the points while offline and sends them together when back", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.settle({ kind: "offline" }, 0);
    reports.add(point(2));
    expect(reports.dueAt()).toBeGreaterThanOrEqual(MIN_GAP_MS);
    expect(reports.take(REPORT_EVERY_MS)).toEqual({ points: [point(1), point(2)] });
  });

  it("waits out a 429's Retry-After, keeping the points", () => {
    const reports = new PositionReports();
    reports.add(point(1));
    reports.take(0);
    reports.settle({ kind: "slow-down", retryAfterS: 12 }, 0);
    expect(reports.take(REPORT_EVERY_MS)).toBeNull();
    expect(reports.take(12_000)).toEqual(point(1));
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
    expect(reports.take(REPORT_EVERY_MS)).toEqual(point(2));
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
    expect(body.points[0]).toEqual(point(10));
  });
});
