import { z } from "zod";
import { said } from "@/lib/shared/words/said";

// The date range of an owner's insights page and exports: restaurant-local calendar days
// "YYYY-MM-DD", both ends included, `from` on or before `to`, at most MAX_RANGE_DAYS days.

export const MAX_RANGE_DAYS = 366;
/** The page's quick picks (the last N days, today included). */
export const RANGE_PRESETS = [7, 30, 90] as const;

const DAY_MS = 86_400_000;

/** Days from `from` to `to` (calendar days, so DST never enters): "2026-11-01".."2026-11-01" is 0. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const isCalendarDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
};

const day = (field: string) =>
  z
    .string({ error: said("rules.common.dateRequired", { field: field }) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, said("rules.common.date", { field: field }))
    .refine(isCalendarDate, said("rules.common.calendarDate", { field: field }));

/** ?from=&to= of GET /api/manage/{id}/exports/*.csv and the page's custom range. */
export const dateRangeSchema = z
  .object({ from: day("from"), to: day("to") })
  .refine((range) => range.from <= range.to, { message: said("rules.insights.fromTo"), path: ["from"] })
  .refine((range) => daysBetween(range.from, range.to) < MAX_RANGE_DAYS, { message: said("rules.insights.range", { max: MAX_RANGE_DAYS }), path: ["to"] });

export type DateRange = z.infer<typeof dateRangeSchema>;

/** `input`: a refused custom range as typed, so the form shows it again beside its errors. */
export type RangeChoice = { range: DateRange; preset: number | null; errors: Record<string, string> | null; input?: { from: string; to: string } };

const shift = (key: string, days: number) => new Date(Date.parse(`${key}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The insights page's range from its URL: `?days=7|30|90` (the last N days of the restaurant,
 * today included), or `?from=&to=`; anything else is the last 7 days, with the custom range's
 * errors (field -> message) when one was given and refused. `today` is the restaurant's date.
 */
export function chooseRange(query: { days?: string | string[]; from?: string | string[]; to?: string | string[] }, today: string): RangeChoice {
  const preset = (days: number): DateRange => ({ from: shift(today, 1 - days), to: today });
  if (query.from !== undefined || query.to !== undefined) {
    const parsed = dateRangeSchema.safeParse({ from: query.from, to: query.to });
    if (parsed.success) return { range: parsed.data, preset: null, errors: null };
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "from")] ??= issue.message;
    const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");
    return { range: preset(RANGE_PRESETS[0]), preset: RANGE_PRESETS[0], errors, input: { from: text(query.from), to: text(query.to) } };
  }
  const days = RANGE_PRESETS.find((n) => String(n) === query.days) ?? RANGE_PRESETS[0];
  return { range: preset(days), preset: days, errors: null };
}
