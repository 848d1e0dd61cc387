import { z } from "zod";
import { said } from "@/lib/shared/words/said";

// The month of a restaurant's monthly statement: "YYYY-MM", a calendar month of the restaurant's zone.

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** ?month= of GET /api/manage/{id}/exports/statement.pdf and .csv, and the statements page. */
export const statementMonthSchema = z.object({
  month: z
    .string({ error: said("rules.statements.monthRequired") })
    .regex(MONTH_PATTERN, said("rules.statements.month"))
    .refine((month) => month >= "2000-01" && month <= "2099-12", said("rules.statements.monthRange")),
});

export type StatementMonth = z.infer<typeof statementMonthSchema>["month"];

/** The month's first and last days ("2026-02" -> 2026-02-01 .. 2026-02-28). */
export function monthDays(month: StatementMonth): { from: string; to: string } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month `shift` months from `month` ("2026-01", -1 -> "2025-12"). */
export function shiftMonth(month: StatementMonth, shift: number): StatementMonth {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, number - 1 + shift, 1));
  return `${moved.getUTCFullYear()}-${String(moved.getUTCMonth() + 1).padStart(2, "0")}`;
}
