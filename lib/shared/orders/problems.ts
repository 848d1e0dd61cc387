// A problem report's reasons (docs/architecture/problem-reports.md; their words: the catalogue's
// orderflow.problems.summary.reasons), without zod:
// the report form imports these, and zod would add its weight to the order page's JavaScript.

/** A line's reason; "late" (late or never arrived) is the whole order's, sent as `reason`. */
export const PROBLEM_LINE_REASONS = ["missing", "wrong_item", "damaged", "cold", "other"] as const;
export type ProblemLineReason = (typeof PROBLEM_LINE_REASONS)[number] | "late";

/**
 * Reasons the platform answers for, not the restaurant: a late or never-arrived delivery.
 * Their refund comes from the platform, and Nosh support decides them, never the owner.
 */
export const PLATFORM_LIABLE_REASONS: readonly ProblemLineReason[] = ["late"];
export const isPlatformLiable = (reason: ProblemLineReason | string) => (PLATFORM_LIABLE_REASONS as readonly string[]).includes(reason);

/** Who an operator's approval charges (docs/architecture/problem-reports.md "Packed and sealed"): the usual split is the restaurant's. */
export const CHARGE_TO = ["restaurant", "courier", "platform"] as const;
export type ChargeTo = (typeof CHARGE_TO)[number];
