// @ts-check
// The shared answers' registry (docs/architecture/catalog-and-caching.md "Shared answers"), one of
// the three the host puts on globalThis for the app (docs/architecture/host.md "The contract"):
// the host and the app's bundles are two module graphs in one process, so a module-level
// variable would not be seen by both. Absent without the host (Vitest): nothing is kept.
//
// - Installed, every field null, by the host: server/kept-answers/store.mjs (its store).
// - Filled by the app when it loads: lib/server/web/kept-answers/index.ts (check, pageKey, pageMark,
//   apiLanguage: the language a JSON answer is kept under, "" for English).
// - Read by the host: server/kept-answers/store.mjs and server/kept-answers/replay.mjs call what the app filled
//   in, to key a page, to mark an answer it keeps and to check a kept one before replaying it.
//
// Plain JavaScript with JSDoc types, like lib/shared/web/host-contract.mjs (the host has no build
// step); it imports nothing.

/**
 * Whether a kept answer may be replayed to a request. `stale`: never again (the entry is
 * dropped; `by`: what moved, a scope's kind (`menu`, `dish`, `restaurant`, `restaurants`, `*` the
 * whole catalog) or `clock`, for the counts of why pages render); `next`: not to this request (Next.js answers it); `fresh`: replay it, setting
 * `cookies`. `hole`: for a personal page's replay, what replaces the `>` of its `<body` tag given
 * the answer's nonce (lib/shared/web/session-hole.ts); `redirect`: answer with a redirect there
 * instead of the page; `mark`: keep the answer under this mark from now on.
 * @typedef {{ verdict: "stale", by?: string } | { verdict: "next" } | { verdict: "fresh", cookies: string[], hole?: (nonce: string) => string, redirect?: string, mark?: string }} ReplayCheck
 */

/**
 * A page request's place: its key, whether it carries a session cookie, and the cookie header its
 * anonymous render is asked with. A page is kept from its first render on (the host's rule).
 * @typedef {{ key: string, personal: boolean, anonymousCookie: string }} PagePlace
 */

/**
 * The host's store of shared answers, as the app sees it: the host creates it with every field
 * null, the app fills them in when it loads. A mark is opaque to the host: the app writes it and
 * the app checks it.
 * @typedef {{
 *   check: ((mark: string, url: string, cookie: string | undefined, personal: boolean) => Promise<ReplayCheck>) | null,
 *   pageKey: ((url: string, cookie: string | undefined, acceptLanguage?: string) => PagePlace | null) | null,
 *   pageMark: ((url: string) => Promise<string>) | null,
 *   apiLanguage: ((cookie: string | undefined, acceptLanguage: string | undefined) => string) | null,
 * }} KeptAnswersRegistry
 */

const holder = /** @type {{ __noshKeptAnswers?: KeptAnswersRegistry }} */ (globalThis);

/** The host's (server/kept-answers/store.mjs): creates the registry for the app to fill in. */
export function installKeptAnswers() {
  /** @type {KeptAnswersRegistry} */
  const registry = { check: null, pageKey: null, pageMark: null, apiLanguage: null };
  holder.__noshKeptAnswers = registry;
  return registry;
}

/** The app's (lib/server/web/kept-answers/index.ts): the registry to fill in, or undefined without the host. */
export const keptAnswersRegistry = () => holder.__noshKeptAnswers;
