// @ts-check
// Shared answers (lib/server/web/kept-answers/index.ts has the app's side; the contract between them is
// lib/shared/web/registries/kept-answers.mjs, the header lib/shared/web/host-contract.mjs): an answer
// that is the same for every caller is kept here as Next.js wrote it (status, headers, bytes) and
// replayed to later GETs of the same URL while the app's check() says it still holds, without
// running Next.js. API answers are marked by their handler (the SHARED header); catalog pages are
// recognised by the app's pageKey() and marked by its pageMark() before Next.js renders them for an
// anonymous visitor, from their first render on: kept on trial (an eighth of the budget, its own
// least recently used going first) until replayed, so the URLs a city asks once push out only each
// other. A request for a page whose render to be kept is under way waits for it and is replayed
// (server/kept-answers/underway.mjs). A page is kept compressed only, and replayed with a fresh
// script nonce (in its policy header and its markup), gzipped from those segments
// (server/kept-answers/replay.mjs). Each render of a page is counted with why, each replay too
// (`stats`, read by server/metrics.mjs). A signed-in visitor (a `personal` place) is replayed the
// same page with the session hole that check() gives spliced into its <body> tag; with no page to
// replay yet they get a render of their own, and from their second visit the anonymous render is
// asked of this server (fill). Bounded: at most SHARED_MAX_ENTRY bytes an answer as Next.js wrote
// it, SHARED_MAX_BYTES kept (a page counted compressed) and SHARED_MAX_ENTRIES in all, the least
// recently used going first (lru-cache; the budget: docs/architecture/memory.md "Memory").
import { LRUCache } from "lru-cache";
import { installKeptAnswers } from "../../lib/shared/web/registries/kept-answers.mjs";
import { captureAnswer } from "./capture.mjs";
import { underwayPages } from "./underway.mjs";
import { AFTER, newStats } from "./stats.mjs";
import { describeError, log } from "../log.mjs";
import { writeReplay } from "./replay.mjs";
import { asksForDocument } from "../response-methods.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { PagePlace } from "../../lib/shared/web/registries/kept-answers.mjs" */
/** @import { Entry } from "./entries.mjs" */
/** @typedef {import("./stats.mjs").KeptStats} KeptStats */
/** Where an answer is kept: a page's (`page`, from the app's pageKey()) or any other GET's. @typedef {(PagePlace & { page: true }) | { key: string, page: false, personal?: undefined, anonymousCookie?: undefined }} Place */

const SHARED_MAX_ENTRY = 512 * 1024;
const SHARED_MAX_BYTES = 32 * 1024 * 1024;
/** Entries: keys are URLs, which visitors choose (docs/architecture/memory.md "Memory"). */
const SHARED_MAX_ENTRIES = 2_000;
/** The part of the bytes and entries kept for pages on trial (rendered once, not replayed yet): an eighth. */
const TRIAL_SHARE = 8;
/** What an entry holds besides its bytes, its key and its headers' text: the objects around them (roughly). */
const ENTRY_OVERHEAD = 256;
/** Anonymous renders asked at once (fill): more signed-in visitors of pages not kept yet wait for a later visit. */
const MAX_FILLING = 8;
/** A signed-in visitor's answers after which the anonymous page is asked for: a redirect, as well as the page. */
const REDIRECTS = [301, 302, 303, 307, 308];
/** Keys of pages rendered (a signed-in visitor's first: its anonymous render is asked from the second), and of pages evicted, for the reason of their next render. */
const SEEN_KEYS = 20_000;

/** An entry's bytes in the budget. @param {Entry} entry @param {string} key */
const entryBytes = (entry, key) =>
  entry.size + key.length + ENTRY_OVERHEAD + Object.entries(entry.headers).reduce((sum, [name, value]) => sum + 32 + name.length + String(value).length, 0);

export function keptAnswers({ maxBytes = SHARED_MAX_BYTES, maxEntryBytes = SHARED_MAX_ENTRY, maxEntries = SHARED_MAX_ENTRIES } = {}) {
  const stats = newStats();
  /** @type {LRUCache<string, true>} */
  const evicted = new LRUCache({ max: SEEN_KEYS });
  /** @param {number} max @param {number} maxSize @returns {LRUCache<string, Entry>} */
  const space = (max, maxSize) =>
    new LRUCache({
      max,
      maxSize,
      sizeCalculation: entryBytes,
      dispose: (_entry, key, reason) => {
        if (reason !== "evict") return;
        stats.evictions++;
        evicted.set(key, true);
      },
    });
  const trialBytes = Math.floor(maxBytes / TRIAL_SHARE);
  const trialEntries = Math.max(1, Math.floor(maxEntries / TRIAL_SHARE));
  /** Answers replayed at least once, API answers, and pages rendered more than once. */
  const entries = space(maxEntries - trialEntries, maxBytes - trialBytes);
  /** Pages kept from their first render, until their first replay moves them to `entries`. */
  const trial = space(trialEntries, trialBytes);
  /** Counts a page's render and why. @param {string} reason */
  const rendered = (reason) => void (stats.pageRenders[reason] = (stats.pageRenders[reason] ?? 0) + 1);
  /** This server's own address (for the anonymous renders fill() asks for), once it listens. @type {string | null} */
  let origin = null;
  /** Keys of the anonymous renders under way. */
  const filling = new Set();
  /** A page's key once rendered: "seen" (a signed-in visitor's own render), "tried" (a render was watched to be kept), "cut" (its client left before it ended), "kept". @type {LRUCache<string, "seen" | "tried" | "cut" | "kept">} */
  const seen = new LRUCache({ max: SEEN_KEYS });
  /** The pages being rendered to be kept, then compressed (capture): a request for one waits, then finds it kept. */
  const underway = underwayPages();
  // The app adds check(), pageKey() and pageMark() (lib/server/web/kept-answers/index.ts).
  const registry = installKeptAnswers();
  /** @param {string} key */
  const forget = (key) => void (entries.delete(key) || trial.delete(key));
  /** @param {Place} place @param {Entry} entry @param {boolean} trying a page's first render (kept on trial if it fits there) */
  const keep = (place, entry, trying) => {
    const onTrial = trying && entryBytes(entry, place.key) <= trialBytes;
    (onTrial ? entries : trial).delete(place.key);
    (onTrial ? trial : entries).set(place.key, entry);
    evicted.delete(place.key);
    if (place.page) seen.set(place.key, "kept");
    else stats.apiKept++;
  };
  // Conditional and partial requests are Next.js's to answer.
  /** @param {IncomingMessage} req */
  const eligible = (req) => req.method === "GET" && !req.headers.range && !req.headers["if-none-match"] && !req.headers["if-modified-since"];

  /** The kept answer at `place`, if any (whether it still holds is for replay to find out). @param {Place | null} place */
  const find = (place) => (place && registry.check ? (entries.peek(place.key) ?? trial.peek(place.key) ?? null) : null);
  /** Marks `place`'s page as being rendered to be kept (server/kept-answers/underway.mjs). @param {Place | null} place */
  const claim = (place) => (place?.page ? underway.claim(place.key) : undefined);

  /** Where `req`'s answer is kept, or null when it is not shared. @param {IncomingMessage} req @returns {Place | null} */
  function placeOf(req) {
    if (!eligible(req)) return null;
    if (registry.pageKey && asksForDocument(req)) {
      const page = registry.pageKey(String(req.url), req.headers.cookie, req.headers["accept-language"]);
      if (page) return { ...page, page: true };
    }
    // Next.js compresses per Accept-Encoding: one entry per value; and names dishes in the request's
    // language (docs/architecture/languages.md): one entry per language besides English's.
    const language = registry.apiLanguage?.(req.headers.cookie, req.headers["accept-language"]) ?? "";
    return { key: `${req.headers["accept-encoding"] ?? ""}${language ? ` ${language}` : ""}\n${req.url}`, page: false };
  }

  /**
   * Asks this server for the anonymous render of a personal place's page (no session cookie: the
   * ordinary path, which keeps it) once a signed-in visitor's own render of it answered `status`,
   * when the page is to be kept (keeps()) and is not, once at a time per key: after the page
   * (200) or a redirect (`/` sends a signed-in visitor to /home, and so does its replay, from the
   * anonymous page: a page only signed-in visitors ask for is kept too); never after a 404 or an
   * error. Nothing of the signed-in request goes with it but its URL and its Delivery/Pickup mode.
   * Returns the render's promise (undefined: none asked).
   * @param {Place} place @param {IncomingMessage} req @param {number} status
   */
  function fill(place, req, status) {
    if (status !== 200 && !REDIRECTS.includes(status)) return undefined;
    if (!origin || find(place) || filling.has(place.key) || underway.has(place.key) || filling.size >= MAX_FILLING) return undefined;
    filling.add(place.key);
    const headers = { "accept-encoding": "identity", ...(place.anonymousCookie ? { cookie: place.anonymousCookie } : {}) };
    return fetch(origin + req.url, { headers, redirect: "manual", signal: AbortSignal.timeout(60_000) })
      .then((response) => response.arrayBuffer())
      .catch((error) => log(`anonymous render of ${req.url} failed: ${error?.message ?? error}`))
      .finally(() => filling.delete(place.key));
  }

  /**
   * Whether a render of `place` is to be kept: always (a page from its first render, on trial), but
   * a signed-in visitor's first render of a page: no anonymous render is asked after it (a second
   * render for a URL maybe asked once), their next visit asks for it. @param {Place | null} place
   */
  function keeps(place) {
    if (!place?.page || !place.personal || seen.has(place.key)) return true;
    seen.set(place.key, "seen");
    return false;
  }

  /**
   * Counts the render of a page that had nothing kept (`missed`, before keeps() is asked): a key
   * evicted from the budget; a key kept before and thrown away by a write or the clock, or being
   * kept by another render now (`keeping`); a key whose render was watched to be kept and kept
   * nothing (`unkeepable`: a cookie, not a 200, past the size cap), or was cut off by its client
   * leaving (`cut-off`); or a first render (`once`).
   * @param {Place | null} place
   */
  function missed(place) {
    if (!place?.page) return;
    const key = place.key;
    const state = seen.get(key);
    rendered(evicted.has(key) ? "evicted" : underway.has(key) || filling.has(key) ? "keeping" : state && state !== "seen" ? AFTER[state] : "once");
  }

  return {
    /** What the app filled in (pageMark() is asked before a page renders: server/pipeline.mjs). */
    registry,
    placeOf,
    fill,
    keeps,
    missed,
    claim,
    /** The counters (/metrics). */
    stats,
    /** Where fill() reaches this server. @param {string} address */
    listening(address) {
      origin = address;
    },
    find,
    /** How much is kept now, on trial or not (for tests and /metrics). */
    get size() {
      return { entries: entries.size + trial.size, bytes: entries.calculatedSize + trial.calculatedSize, budget: maxBytes, trial: trial.size };
    },
    /** Forgets every kept answer (`npm run dev`: the code that wrote them changed). */
    clear() {
      entries.clear();
      trial.clear();
    },
    /**
     * Answers `req` with `entry` if it still holds for it; false (nothing written) otherwise.
     * @param {Entry} entry @param {Place} place @param {IncomingMessage} req @param {ServerResponse} res
     */
    async replay(entry, place, req, res) {
      let result;
      try {
        if (!registry.check) return false;
        result = await registry.check(entry.mark, String(req.url), req.headers.cookie, Boolean(place.personal));
      } catch (error) {
        log(`shared answer check failed: ${describeError(error)}`);
        if (place.page) rendered("not-replayable");
        return false;
      }
      if (result.verdict === "stale") {
        forget(place.key);
        if (place.page) rendered(`invalidated:${result.by ?? "write"}`);
        return false;
      }
      if (result.verdict !== "fresh") {
        if (place.page) rendered("not-replayable");
        return false;
      }
      // Most recently used (a page on trial passes it: asked again); a mark the app renewed (a search whose results a write left alone).
      if (trial.peek(place.key) === entry) keep(place, entry, false);
      else entries.get(place.key);
      if (result.mark) entry.mark = result.mark;
      const served = writeReplay(entry, Boolean(place.personal), result, req, res);
      if (!place.page) stats.apiReplays += Number(served);
      else if (served) stats.pageReplays++;
      else rendered("not-replayable");
      return served;
    },
    /**
     * Watches Next.js's answer to `req` and keeps it if it was marked (server/kept-answers/capture.mjs):
     * a page rendered for the first time on trial. While a page is rendered and compressed, requests for it wait (underway).
     * @param {Place | null} place @param {IncomingMessage} req @param {ServerResponse} res @param {string | null} [pageMark]
     */
    capture(place, req, res, pageMark = null) {
      if (!place) return;
      const onTrial = place.page && !seen.has(place.key);
      const record = place.page ? claim(place) : undefined;
      if (record) record.owned = true;
      if (place.page) seen.set(place.key, "tried");
      let handed = false;
      // A client gone before the answer ended (timed out under overload): Next.js writes no more
      // to a closed response, and the next render is counted `cut-off`, not `unkeepable`.
      const letGo = () => {
        if (place.page && !res.writableEnded && seen.get(place.key) === "tried") seen.set(place.key, "cut");
        record?.release();
      };
      // Gone before the render began (while its page's mark was read): its close event has passed.
      if (record && res.destroyed) letGo();
      else if (record) res.once("close", () => handed || letGo());
      captureAnswer(res, { page: place.page, pageMark, maxEntryBytes }, (made) => {
        handed = true;
        if (!(made instanceof Promise)) return void (keep(place, made, onTrial), record?.release());
        made
          .then(
            (entry) => void (entry && keep(place, entry, onTrial)),
            (error) => log(`shared answer not kept: ${describeError(error)}`),
          )
          .finally(() => record?.release());
      });
    },
    /** When every keeping under way now is done (for tests). */
    settled: underway.settled,
    /** The render or keeping under way at `place` (a page rendered to be kept, then compressed off the main thread), if any: a request for it waits, then finds it kept. @param {Place | null} place */
    underway(place) {
      return place ? underway.done(place.key) : undefined;
    },
  };
}

/** @typedef {ReturnType<typeof keptAnswers>} KeptAnswers */
