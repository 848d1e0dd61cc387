import "server-only";
import { NextRequest } from "next/server";
import { cookiesForReplay } from "@/lib/edge/request-guard";
import { sessionCookieName } from "@/lib/edge/session-cookie";
import { FULFILLMENT_COOKIE } from "@/lib/shared/constants";
import { catalogVersion } from "./catalog-cache";
import { config } from "./config";
import { openRestaurantIds } from "./restaurants";

// Shared answers: an answer that is the same for every caller it may be replayed to, and
// changes only with the catalog (and the clock, as restaurants open and close), is kept by
// server.mjs, bytes and headers as Next.js wrote them, and replayed to the next request for the
// same URL without running Next.js at all. A JSON answer through Next.js costs about 1.3 ms of a
// core even for a bare handler and a catalog page ~16 ms; a replay costs a map lookup, the
// catalog version read (~20 us on SQLite) and one write (docs/performance.md).
//
// Two kinds (docs/architecture.md "Shared answers"):
// - API answers (GET /api/search): the handler marks its answer with `shareUntilChanged()`.
//   Replayed to any caller: the answer reads nothing but its URL and the catalog.
// - Catalog pages for anonymous visitors (PAGES below): server.mjs asks `pageKey()` whether a
//   request is one (no session cookie; the key carries the Delivery/Pickup mode, the one
//   other cookie a page reads) and `pageMark()` for the mark before Next.js renders. A page is
//   replayed with a fresh script nonce in its policy and its markup (server.mjs), so the
//   strict script policy holds for every answer, cached or not.
//
// A mark is "<catalog version>;<until ms or empty>": the version read BEFORE the answer was
// computed (so the answer is at least that new) and the instant it stops being true by the
// clock, or none. Before each replay server.mjs asks `check()`: the version and clock must still
// hold (else the entry is dropped), and the request must be one route() or the proxy could
// answer without a new seal (its session not due for renewal); the XSRF-TOKEN cookie they would
// set is set by the replay too.

/** Pages rendered the same for every anonymous visitor: landing, home, a restaurant, a dish. */
const PAGES = /^\/(?:home|restaurants\/\d+|menu-items\/\d+)?(?:\?|$)/;

type Check = { verdict: "stale" } | { verdict: "next" } | { verdict: "fresh"; cookies: string[] };
/** server.mjs's side, on globalThis; absent under `next dev`, where nothing is shared. */
type Registry = {
  header: string;
  check: ((mark: string, url: string, cookie: string | undefined) => Promise<Check>) | null;
  pageKey: ((url: string, cookie: string | undefined) => string | null) | null;
  pageMark: (() => Promise<string>) | null;
};
const registry = (globalThis as { __noshSharedResponses?: Registry }).__noshSharedResponses;

const markOf = (version: number, until: number | null) => `${version};${until ?? ""}`;

/** Marks `response` as shared while the catalog stays at `version` and until `until` (ms, null: no end). */
export function shareUntilChanged<R extends Response>(response: R, version: number, until: number | null): R {
  if (registry && response.status === 200) response.headers.set(registry.header, markOf(version, until));
  return response;
}

const requestOf = (url: string, cookie: string | undefined) => new NextRequest(new URL(url, "http://localhost"), { headers: cookie ? { cookie } : {} });

/** Whether a kept answer marked `mark` may be replayed now to this request, and with which cookies. */
async function check(mark: string, url: string, cookie: string | undefined): Promise<Check> {
  const [version, until] = mark.split(";");
  if (until && Date.now() >= Number(until)) return { verdict: "stale" };
  if ((await catalogVersion()) !== Number(version)) return { verdict: "stale" };
  const cookies = await cookiesForReplay(requestOf(url, cookie));
  return cookies ? { verdict: "fresh", cookies } : { verdict: "next" };
}

/** The key a catalog page request is kept under, or null when its answer is not shared (a signed-in visitor, another page). */
function pageKey(url: string, cookie: string | undefined): string | null {
  if (!PAGES.test(url)) return null;
  const { cookies } = requestOf(url, cookie);
  if (cookies.has(sessionCookieName(config().secureCookies))) return null;
  return `page ${cookies.get(FULFILLMENT_COOKIE)?.value === "pickup" ? "pickup" : "delivery"} ${url}`;
}

/** A page's mark: any restaurant opening or closing may change a page (its status line, Open now). */
async function pageMark(): Promise<string> {
  const version = await catalogVersion();
  return markOf(version, (await openRestaurantIds()).until);
}

if (registry) Object.assign(registry, { check, pageKey, pageMark });
