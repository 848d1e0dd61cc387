import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { chooseRange, dateRangeSchema, daysBetween } from "./insights-rules";
import { englishIssue, inEnglish } from "@/lib/contract/testing/in-english";

describe("dateRangeSchema", () => {
  it("takes both ends included, up to 366 days", () => {
    expect(dateRangeSchema.parse({ from: "2026-11-01", to: "2026-11-01" })).toEqual({ from: "2026-11-01", to: "2026-11-01" });
    expect(dateRangeSchema.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(true); // 366 days (leap year)
    expect(dateRangeSchema.safeParse({ from: "2025-01-01", to: "2026-01-02" }).error?.issues.map(englishIssue)).toMatchObject([
      { path: ["to"], message: "The range must be at most 366 days" },
    ]);
  });

  it("names the field at fault", () => {
    expect(dateRangeSchema.safeParse({ from: "2026-11-02", to: "2026-11-01" }).error?.issues.map(englishIssue)).toMatchObject([
      { path: ["from"], message: "from must be on or before to" },
    ]);
    expect(dateRangeSchema.safeParse({ from: "2026-02-29", to: "2026-03-01" }).error?.issues.map(englishIssue)).toMatchObject([
      { path: ["from"], message: "from must be a real calendar date" },
    ]);
    expect(dateRangeSchema.safeParse({ from: "2026-03-01" }).error?.issues.map(englishIssue)).toMatchObject([{ path: ["to"], message: "to is required (YYYY-MM-DD)" }]);
  });
});

describe("chooseRange", () => {
  it("reads the last N days, today included, and falls back to 7", () => {
    expect(chooseRange({ days: "30" }, "2026-11-23")).toEqual({ range: { from: "2026-10-25", to: "2026-11-23" }, preset: 30, errors: null });
    expect(chooseRange({ days: "12" }, "2026-11-23")).toMatchObject({ range: { from: "2026-11-17", to: "2026-11-23" }, preset: 7 });
  });

  it("takes a custom range, or keeps a refused one as typed beside its errors", () => {
    expect(chooseRange({ from: "2026-11-01", to: "2026-11-05" }, "2026-11-23")).toMatchObject({ range: { from: "2026-11-01", to: "2026-11-05" }, preset: null });
    const refused = chooseRange({ from: "2026-11-05", to: "2026-11-01" }, "2026-11-23");
    expect({ ...refused, errors: Object.fromEntries(Object.entries(refused.errors ?? {}).map(([field, message]) => [field, inEnglish(message)])) }).toMatchObject({
      preset: 7,
      errors: { from: "from must be on or before to" },
      input: { from: "2026-11-05", to: "2026-11-01" },
    });
  });
});

describe("any query string", () => {
  it("is a valid range of at most 366 days, or a 400 naming from or to", () => {
    const day = fc.oneof(
      fc.string(),
      fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    );
    fc.assert(
      fc.property(fc.record({ from: fc.option(day, { nil: undefined }), to: fc.option(day, { nil: undefined }) }), (query) => {
        const parsed = dateRangeSchema.safeParse(query);
        if (parsed.success) {
          expect(parsed.data.from <= parsed.data.to).toBe(true);
          expect(daysBetween(parsed.data.from, parsed.data.to)).toBeLessThan(366);
        } else for (const issue of parsed.error.issues) expect(["from", "to"]).toContain(issue.path[0]);
        expect(() => chooseRange(query, "2026-11-23")).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
