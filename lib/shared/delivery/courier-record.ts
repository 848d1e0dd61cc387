// A courier's record (docs/architecture/courier-screens.md "Record"): the rules that lead to a warning and
// to a suspension, in one place. The courier's record screen shows each threshold's text as
// `thresholdText` writes it, and the evaluator (lib/server/courier-record/rules.ts) reads the same
// numbers: what the courier reads is what is applied.

/** Every rule counts the courier's deliveries that ended in the last this many days. */
export const RECORD_WINDOW_DAYS = 30;
/** A ride (pickup to drop-off) counts as late past the trip's estimate by more than this. */
export const RECORD_LATE_GRACE_MINUTES = 15;
/** An appeal's note, at least and at most this many characters. */
export const APPEAL_NOTE_MIN = 20;
export const APPEAL_NOTE_MAX = 2000;
/** An operator's reason for a suspension outside the rule (the courier reads it), at least this many characters. */
export const OVERRIDE_MIN = 20;
/** An operator answers an appeal within this many days of it being sent. */
export const APPEAL_ANSWER_DAYS = 3;

/** "count of your last `of` deliveries within the window". */
export type Threshold = { count: number; of: number };
export type RecordRuleKey = "failed" | "late" | "thumbs_down";
export type RecordRule = { key: RecordRuleKey; label: string; what: string; warning: Threshold; suspension: Threshold };

/**
 * The rules, in the order the record screen lists them. A suspension's threshold only counts once a
 * warning under the same rule stands in the window and a counted delivery ended after it.
 */
export const RECORD_RULES: readonly RecordRule[] = [
  {
    key: "failed",
    label: "Failed deliveries",
    what: "A delivery you marked failed after pickup (the customer unreachable, the address not found, ...).",
    warning: { count: 2, of: 5 },
    suspension: { count: 3, of: 5 },
  },
  {
    key: "late",
    label: "Late deliveries",
    what: `A ride from pickup to drop-off more than ${RECORD_LATE_GRACE_MINUTES} minutes over the trip's estimate. Waiting at the restaurant never counts.`,
    warning: { count: 3, of: 10 },
    suspension: { count: 5, of: 10 },
  },
  {
    key: "thumbs_down",
    label: "Thumbs down",
    what: "A customer's thumbs down on a delivery of yours.",
    warning: { count: 3, of: 10 },
    suspension: { count: 5, of: 10 },
  },
];

export const recordRule = (key: string): RecordRule | undefined => RECORD_RULES.find((rule) => rule.key === key);

/** "2 of 5 in 30 days": the threshold as the courier reads it. */
export const thresholdText = (threshold: Threshold) => `${threshold.count} of ${threshold.of} in ${RECORD_WINDOW_DAYS} days`;

/** What never leads to a warning: said on the record screen beside the acceptance rate. */
export const ACCEPTANCE_NOTE = "Declining offers or letting them run out never leads to a warning or a suspension.";

/** The courier's notification stages of the record (courier_account_update's `stage`; their words: the catalogue's `server.notify.title.courier`). */
export const RECORD_STAGES: readonly string[] = ["warned", "appeal_upheld", "appeal_overturned"];
