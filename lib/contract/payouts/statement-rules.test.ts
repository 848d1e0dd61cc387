import { describe, expect, it } from "vitest";
import { monthDays, shiftMonth, statementMonthSchema } from "./statement-rules";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The month of a monthly statement (docs/architecture/receipts.md): YYYY-MM, its days, its neighbours.

describe("statement months", () => {
  it("takes YYYY-MM and names `month` otherwise", () => {
    expect(statementMonthSchema.parse({ month: "2026-02" })).toEqual({ month: "2026-02" });
    for (const month of ["2026-13", "2026-00", "2026-2", "26-02", "2026-02-01", "", "1999-12"]) {
      const parsed = statementMonthSchema.safeParse({ month });
      expect(parsed.success, month).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(["month"]);
    }
    expect(inEnglish(statementMonthSchema.safeParse({}).error!.issues[0]!.message)).toBe("month is required (YYYY-MM)");
  });

  it("gives a month's first and last days, leap years included, and the months around it", () => {
    expect(monthDays("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthDays("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthDays("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-06", 0)).toBe("2026-06");
  });
});
