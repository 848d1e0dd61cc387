// @ts-check
// Shared answers (lib/server/web/kept-answers.ts has the app's side; the contract between them is
// lib/shared/host-registries/kept-answers.mjs, the header lib/shared/host-contract.mjs): an answer that is the same for every caller is kept here as
// Next.js wrote it (status, headers, bytes) and replayed to later GETs of the same URL while the
// app's check() says it still holds, without running Next.js. API answers are marked by their
// handler (the SHARED header); catalog pages are recognised by the app's pageKey() and marked by
// its pageMark() before Next.js renders them for an anonymous visitor, from its second render on
// (a URL asked once, most searches, addresses and dishes of a city, costs only its render and
// pushes nothing out). A page is kept compressed only, and replayed with a fresh script nonce (in
// its policy header and its markup), gzipped from those segments (server/kept-answers/replay.mjs). Each render
// of a page is counted with why it happened, each replay too (`stats`, the /metrics figures
// server/metrics.mjs reads: the hit rate, and the renders by reason). A signed-in visitor (a `personal` place) is
// replayed the same page with the session hole that check() gives spliced into its <body> tag;
// when there is no page to replay yet, they get a render of their own, and once it has answered
// 200 an anonymous render is asked of this server (fill). Bounded by bytes: at most
// SHARED_MAX_ENTRY bytes an answer as Next.js wrote it, SHARED_MAX_BYTES kept (a page counted
// compressed) and SHARED_MAX_ENTRIES in all, the least recently used going first (lru-cache; the
// budget: docs/architecture/memory.md "Memory").
import { LRUCache } from "lru-cache";
import { installKeptAnswers } from "../../lib/shared/host-registries/kept-answers.mjs";
import { captureAnswer } from "./capture.mjs";
import { describeError, log } from "../log.mjs";
import { writeReplay } from "./replay.mjs";
import { asksForDocument } from "../response-methods.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { PagePlace } from "../../lib/shared/host-registries/kept-answers.mjs" */
/** @import { Entry } from "./entries.mjs" */
/** Where an answer is kept: a page's (`page`, from the app's pageKey()) or any other GET's. @typedef {(PagePlace & { page: true }) | { key: string, page: false, personal?: undefined, anonymousCookie?: undefined }} Place */

const SHARED_MAX_ENTRY = 512 * 1024;
const SHARED_MAX_BYTES = 32 * 1024 * 1024;
/** Entries: keys are URLs, which visitors choose (docs/architecture/memory.md "Memory"). */
const SHARED_MAX_ENTRIES = 2_000;
/** What an entry holds besides its bytes, its key and its headers' text: the objects around them (roughly). */
const ENTRY_OVERHEAD = 256;
/** Anonymous renders asked at once (fill): more signed-in visitors of pages not kept yet wait for a later visit. */
const MAX_FILLING = 8;
/** Keys of pages rendered once and not kept (a URL asked once), remembered for their second render; keys of pages evicted, for the reason of their next render. */
const SEEN_ONCE_KEYS = 20_000;

/**
 * Why a page was rendered rather than replayed: `once` (a first render: not kept), `keeping` (a
 * second: kept now), `unkeepable` (rendered to be kept before, and nothing was: a cookie, a
 * non-200, past the size cap), `evicted` (pushed out of the budget), `invalidated` (a write to what it
 * shows: `by` names the scope, or `clock` an opening, closing or sold-out's end), `not-replayable`
 * (the check sent this request to Next.js: a session to renew or that no longer holds).
 * @typedef {"once" | "keeping" | "unkeepable" | "evicted" | "invalidated" | "not-replayable"} RenderReason
 */
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

/** An entry's bytes in the budget. @param {Entry} entry @param {string} key */
const entryBytes = (entry, key) =>
  entry.size + key.length + ENTRY_OVERHEAD + Object.entries(entry.headers).reduce((sum, [name, value]) => sum + 32 + name.length + String(value).length, 0);

export function keptAnswers({ maxBytes = SHARED_MAX_BYTES, maxEntryBytes = SHARED_MAX_ENTRY, maxEntries = SHARED_MAX_ENTRIES } = {}) {
  const stats = newStats();
  /** @type {LRUCache<string, true>} */
  const evicted = new LRUCache({ max: SEEN_ONCE_KEYS });
  /** @type {LRUCache<string, Entry>} */
  const entries = new LRUCache({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: entryBytes,
    dispose: (_entry, key, reason) => {
      if (reason !== "evict") return;
      stats.evictions++;
      evicted.set(key, true);
    },
  });
  /** Counts a page's render and why. @param {string} reason */
  const rendered = (reason) => void (stats.pageRenders[reason] = (stats.pageRenders[reason] ?? 0) + 1);
  /** This server's own address (for the anonymous renders fill() asks for), once it listens. @type {string | null} */
  let origin = null;
  /** Keys of the anonymous renders under way. */
  const filling = new Set();
  /** A page's key once rendered: "seen" (not kept), "tried" (a render was watched to be kept). @type {LRUCache<string, "seen" | "tried">} */
  const seenOnce = new LRUCache({ max: SEEN_ONCE_KEYS });
  /** Keys of the page renders being watched to be kept now. */
  const keepingNow = new Set();
  /** Keys whose page is being compressed to be kept, with when that is done (capture). @type {Map<string, Promise<void>>} */
  const settling = new Map();
  // The app adds check(), pageKey() and pageMark() (lib/server/web/kept-answers.ts).
  const registry = installKeptAnswers();
  /** @param {string} key */
  const forget = (key) => void entries.delete(key);
  /** @param {Place} place @param {Entry} entry */
  const keep = (place, entry) => {
    entries.set(place.key, entry);
    evicted.delete(place.key);
    if (!place.page) stats.apiKept++;
  };
  // Conditional and partial requests are Next.js's to answer.
  /** @param {IncomingMessage} req */
  const eligible = (req) => req.method === "GET" && !req.headers.range && !req.headers["if-none-match"] && !req.headers["if-modified-since"];

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
   * ordinary path, which keeps it), once at a time per key. Nothing of the signed-in request goes
   * with it but its URL and its Delivery/Pickup mode. Returns the render's promise (undefined: none asked).
   * @param {Place} place @param {IncomingMessage} req
   */
  function fill(place, req) {
    if (!origin || filling.has(place.key) || filling.size >= MAX_FILLING) return undefined;
    filling.add(place.key);
    const headers = { "accept-encoding": "identity", ...(place.anonymousCookie ? { cookie: place.anonymousCookie } : {}) };
    return fetch(origin + req.url, { headers, redirect: "manual", signal: AbortSignal.timeout(60_000) })
      .then((response) => response.arrayBuffer())
      .catch((error) => log(`anonymous render of ${req.url} failed: ${error?.message ?? error}`))
      .finally(() => filling.delete(place.key));
  }

  /**
   * Whether a render of `place` is to be kept: always, but for a page rendered for the first time,
   * whose key is only remembered (its mark and entry cost a render's worth of work that a URL
   * asked once never repays, and it would push out the pages everyone asks for).
   * @param {Place | null} place
   */
  function keeps(place) {
    if (!place?.page || seenOnce.has(place.key)) return true;
    seenOnce.set(place.key, "seen");
    return false;
  }

  /**
   * Counts the render of a page that had nothing kept (`missed`, before keeps() is asked): a key
   * evicted from the budget, a key seen once or being kept by another render now (`keeping`), a
   * key whose render was watched to be kept and left nothing (`unkeepable`: it set a cookie, was
   * not a 200 or was past the size cap), or a first (`once`).
   * @param {Place | null} place
   */
  function missed(place) {
    if (!place?.page) return;
    const seen = seenOnce.get(place.key);
    const key = place.key;
    rendered(evicted.has(key) ? "evicted" : keepingNow.has(key) || settling.has(key) ? "keeping" : seen === "tried" ? "unkeepable" : seen ? "keeping" : "once");
  }

  return {
    /** What the app filled in (pageMark() is asked before a page renders: server/pipeline.mjs). */
    registry,
    placeOf,
    fill,
    keeps,
    missed,
    /** The counters (/metrics). */
    stats,
    /** Where fill() reaches this server. @param {string} address */
    listening(address) {
      origin = address;
    },
    /** The kept answer at `place`, if any (whether it still holds is for replay to find out). @param {Place | null} place */
    find(place) {
      return place && registry.check ? (entries.peek(place.key) ?? null) : null;
    },
    /** How much is kept now (for tests). */
    get size() {
      return { entries: entries.size, bytes: entries.calculatedSize, budget: maxBytes };
    },
    /** Forgets every kept answer (`npm run dev`: the code that wrote them changed). */
    clear() {
      entries.clear();
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
      // Most recently used; a mark the app renewed (a search whose results a write left alone).
      entries.get(place.key);
      if (result.mark) entry.mark = result.mark;
      const served = writeReplay(entry, Boolean(place.personal), result, req, res);
      if (!place.page) stats.apiReplays += Number(served);
      else if (served) stats.pageReplays++;
      else rendered("not-replayable");
      return served;
    },
    /**
     * Watches Next.js's answer to `req` and keeps it if it was marked (server/kept-answers/capture.mjs).
     * @param {Place | null} place @param {IncomingMessage} req @param {ServerResponse} res @param {string | null} [pageMark]
     */
    capture(place, req, res, pageMark = null) {
      if (!place) return;
      if (place.page) {
        seenOnce.set(place.key, "tried");
        keepingNow.add(place.key);
        res.once("close", () => keepingNow.delete(place.key));
      }
      captureAnswer(res, { page: place.page, pageMark, maxEntryBytes }, (made) => {
        if (!(made instanceof Promise)) return keep(place, made);
        const done = made
          .then(
            (entry) => void (entry && keep(place, entry)),
            (error) => log(`shared answer not kept: ${describeError(error)}`),
          )
          .finally(() => settling.get(place.key) === done && settling.delete(place.key));
        settling.set(place.key, done);
      });
    },
    /** When every keeping under way now is done (for tests). */
    settled() {
      return Promise.all(settling.values()).then(() => undefined);
    },
    /** The keeping under way at `place` (a page compressed off the main thread), if any: a request for it waits, then finds it kept. @param {Place | null} place */
    settling(place) {
      return place ? settling.get(place.key) : undefined;
    },
  };
}

/** @typedef {ReturnType<typeof keptAnswers>} KeptAnswers */
