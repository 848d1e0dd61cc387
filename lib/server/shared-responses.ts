import "server-only";
import { NextRequest } from "next/server";
import { answersWithoutCookies } from "@/lib/edge/request-guard";
import { catalogVersion } from "./catalog-cache";

// Shared answers: a read whose answer depends only on its URL and the catalog (GET /api/search)
// is kept by server.mjs, bytes and headers as Next.js wrote them, and replayed to the next
// request for the same URL without running Next.js at all. A JSON answer through Next.js costs
// about 1.3 ms of a core here even for a bare handler, and its latency tail under load is the
// framework's (docs/performance.md "Search"); a replay costs a map lookup, the catalog version
// read (~20 us on SQLite) and one write.
//
// The contract between the two sides (server.mjs's sharedResponses()):
// - A handler marks its answer with `shareUntilChanged(response, version, until)`: the catalog
//   version read BEFORE the answer was computed (so the answer is at least that new) and the
//   instant it stops being true by the clock (a restaurant opening or closing), or null.
//   The mark is a header (its name comes from server.mjs) that server.mjs removes before anything is sent.
// - server.mjs keeps a marked 200 answer that sets no cookie (an answer that set one was
//   written for that request's cookies), keyed by URL and Accept-Encoding (Next.js compresses).
// - Before replaying it asks `check()` below: the mark must still hold (same catalog version,
//   before `until`), and the request must be one route() would answer without a cookie (its
//   XSRF-TOKEN fits its session, its session is not due for renewal). A stale entry is dropped;
//   a request that needs a cookie goes to Next.js, which sets it.
// The mark is only for answers that are the same for every caller: never one that reads the
// session, the user or any request header.

type Verdict = "fresh" | "stale" | "cookies";
/** server.mjs's side, on globalThis; absent under `next dev`, where nothing is shared. */
type Registry = { header: string; check: ((mark: string, url: string, cookie: string | undefined) => Promise<Verdict>) | null };
const registry = (globalThis as { __noshSharedResponses?: Registry }).__noshSharedResponses;

/** Marks `response` as shared while the catalog stays at `version` and until `until` (ms, null: no end). */
export function shareUntilChanged<R extends Response>(response: R, version: number, until: number | null): R {
  if (registry && response.status === 200) response.headers.set(registry.header, `${version};${until ?? ""}`);
  return response;
}

/** Whether a kept answer marked `mark` may be replayed now, to a request carrying `cookie`. */
async function check(mark: string, url: string, cookie: string | undefined): Promise<Verdict> {
  const [version, until] = mark.split(";");
  if (until && Date.now() >= Number(until)) return "stale";
  if ((await catalogVersion()) !== Number(version)) return "stale";
  const request = new NextRequest(new URL(url, "http://localhost"), { headers: cookie ? { cookie } : {} });
  return (await answersWithoutCookies(request)) ? "fresh" : "cookies";
}

if (registry) registry.check = check;
