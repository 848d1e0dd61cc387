// Rating the courier after delivery (docs/architecture/courier-screens.md
// "Ratings"): what the order page, the API, the courier's app and the operators share.

/** Why a thumbs down: a fixed list (the courier reads only these labels, never the customer's words). */
export const COURIER_RATING_REASONS = [
  { value: "late", label: "Late" },
  { value: "rude", label: "Rude" },
  { value: "wrong_handoff", label: "Wrong handoff" },
  { value: "food_damaged", label: "Food damaged" },
  { value: "ignored_instructions", label: "Didn't follow instructions" },
  { value: "other", label: "Other" },
] as const;
export type CourierRatingReason = (typeof COURIER_RATING_REASONS)[number]["value"];
export const COURIER_RATING_REASON_VALUES = COURIER_RATING_REASONS.map((reason) => reason.value) as [CourierRatingReason, ...CourierRatingReason[]];
export const courierRatingReasonLabel = (value: string): string => COURIER_RATING_REASONS.find((reason) => reason.value === value)?.label ?? "Other";

/** How long after delivery the rating may be given or changed. */
export const COURIER_RATING_WINDOW_MS = 24 * 3600_000;
/** A courier's rating is the share of thumbs up over their last this many rated deliveries. */
export const COURIER_RATING_SPAN = 100;
/** The customer's optional words on a thumbs down. */
export const COURIER_RATING_NOTE_MAX = 300;

/** The rating as the order page and the API answer it. */
export type CourierRatingJson = { thumbs: "up" | "down"; reason: CourierRatingReason | null; note: string | null; changeableUntil: string };
