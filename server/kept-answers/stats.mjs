// @ts-check
// The page store's counters (server/kept-answers/store.mjs `stats`, read by server/metrics.mjs and
// the rush's bench, bench/scenarios/rush/kept-pages.mjs): every page request is a replay or a
// render, and a render is counted with why.

/**
 * Why a page was rendered rather than replayed: `once` (a first render: kept on trial from now),
 * `keeping` (a page kept before and thrown away, while it is kept again, or after waiting for a
 * render of it that kept nothing), `unkeepable` (rendered to be kept before, and nothing was: a
 * cookie, a non-200, past the size cap), `cut-off` (its last render's client left before the
 * answer ended, so Next.js stopped writing it: a request timed out under overload), `evicted`
 * (pushed out of the budget), `invalidated` (a write to what it shows: `by` names the scope, or
 * `clock` an opening, closing or sold-out's end), `not-replayable` (the check sent this request to
 * Next.js: a session to renew or that no longer holds).
 * @typedef {"once" | "keeping" | "unkeepable" | "cut-off" | "evicted" | "invalidated" | "not-replayable"} RenderReason
 */

/** The reason of a page's render by what its last render left (the store's `seen`): kept and thrown away, nothing kept, cut off. */
export const AFTER = /** @type {const} */ ({ kept: "keeping", tried: "unkeepable", cut: "cut-off" });

/** The page store's counters: replays, renders by reason (and by write, for `invalidated`), evictions, API replays and keeps. */
export function newStats() {
  return {
    pageReplays: 0,
    /** @type {Record<string, number>} "reason" or "invalidated:scope" */
    pageRenders: {},
    apiReplays: 0,
    apiKept: 0,
    evictions: 0,
  };
}
/** @typedef {ReturnType<typeof newStats>} KeptStats */
