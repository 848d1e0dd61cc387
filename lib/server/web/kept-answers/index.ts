import "server-only";
import { NextRequest } from "next/server";
import { cookiesForReplay } from "@/lib/edge/request-guard";
import { sessionCookieName } from "@/lib/edge/session-cookie";
import { FULFILLMENT_COOKIE } from "@/lib/shared/constants";
import { cookieFrom } from "@/lib/shared/web/cookie-header";
import { MAX_ID } from "@/lib/shared/web/id-pattern";
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, MIRRORED, directionOf, localeOf } from "@/lib/i18n/locale";
import { CATALOG_PAGES, SHARED_HEADER } from "@/lib/shared/web/host-contract.mjs";
import { keptAnswersRegistry, type PagePlace, type ReplayCheck } from "@/lib/shared/web/registries/kept-answers.mjs";
import { sessionHole } from "@/lib/shared/web/session-hole";
import { catalogCached, restaurantOfDish, scopes, scopeVersions } from "@/lib/server/platform/catalog-cache";
import { config } from "@/lib/server/platform/config";
import { ApiError } from "@/lib/server/platform/errors";
import { db } from "@/lib/server/platform/db";
import { json } from "../route";
import { openRestaurantIds, restaurantsUntil } from "@/lib/server/restaurants/open-now";
import { getRestaurant } from "@/lib/server/restaurants/restaurants";
import { RESULTS, searchResults } from "./search";
import { userOfRequest } from "../session";
import { userToJson } from "@/lib/server/accounts/users";

// Shared answers: an answer that is the same for every caller it may be replayed to, and
// changes only with the catalog (and the clock, as restaurants open and close), is kept by
// the host (server/kept-answers/store.mjs), bytes and headers as Next.js wrote them, and replayed to the next request for the
// same URL without running Next.js at all. A JSON answer through Next.js costs about 1.3 ms of a
// core even for a bare handler and a catalog page ~16 ms; a replay costs a map lookup, the
// catalog version read (~20 us on SQLite) and one write (docs/log/performance.md).
//
// Two kinds (docs/architecture/catalog-and-caching.md "Shared answers"):
// - API answers (GET /api/search and the catalog reads): the handler answers with `sharedJson()`,
//   which marks it with `shareUntilChanged()`.
//   Replayed to any caller: the answer reads nothing but its URL and the catalog.
// - Catalog pages (CATALOG_PAGES in the contract), kept as rendered for an anonymous visitor: the host asks
//   `pageKey()` whether a request is one (the key carries the Delivery/Pickup mode, the one
//   other cookie a page reads; `personal` when it carries a session cookie) and `pageMark()`
//   for the mark before Next.js renders. Only a request without a session cookie is rendered
//   into the entry; a signed-in request that finds none gets its own render, and the host
//   renders the anonymous one after it. A page is replayed with a fresh script nonce in its
//   policy and its markup (server/kept-answers/replay.mjs), so the strict script policy holds for every answer,
//   cached or not. A signed-in visitor's replay carries the page's one per-user part, the
//   session: `check()` returns the user's JSON (`user`), which the host splices into the
//   bytes right after `<body` as a data-session attribute and a JSON script (never executed;
//   components/providers/session-provider.tsx reads it at hydration). The root layout is the
//   only part of these pages that reads the session (every per-user part of the shell, likes
//   and the cart included, reads useSession() on the client), and `/` only to redirect a
//   signed-in visitor to /home, which `check()` answers as `redirect` without rendering.
//
// A mark is "<scope>=<version>,...;<until ms or empty>": the versions of the catalog scopes the
// answer shows (lib/server/platform/catalog-cache.ts `scopes`), read BEFORE the answer was
// computed (so the answer is at least that new), and the instant it stops being true by the clock,
// or none. An API answer is marked with the whole catalog's version ("*"); a page with its own
// scopes (`pageScopes`): /home with the restaurant rows, a restaurant page with that restaurant's
// row and menu, a dish page with the dish and its restaurant's row. So an owner's edit throws away
// the pages showing what they edited, not every kept page. Before each replay the host asks
// `check()`: the versions and clock must still hold (else the entry is dropped), and the request must be one route() or the proxy could
// answer without a new seal (its session not due for renewal); the XSRF-TOKEN cookie they would
// set is set by the replay too. For a page with a session cookie, the session must also hold
// (getCurrentUser's checks: not expired, logged out, ended everywhere, nor its account deleted);
// a cookie that does not goes to Next.js, which renders the signed-out page as it always has.

// The names and types both sides use (the registry, the header, CATALOG_PAGES) are the contract's:
// lib/shared/web/host-contract.mjs.

/** Pages rendered the same for every visitor but for the session (the contract's CATALOG_PAGES). */
export const PAGES = CATALOG_PAGES;

/** Where a signed-in visitor of `/` is sent (app/(shop)/(catalog)/page.tsx). */
const SIGNED_IN_LANDING = "/home";

/** The host's store, which this module fills in; absent without the host (Vitest), where nothing is shared. */
const registry = keptAnswersRegistry();

/** A mark: `versions` of the scopes `names` (in their order), and `until` (ms, null: no end). */
const markOf = (names: readonly string[], versions: readonly (number | string)[], until: number | null) =>
  `${names.map((name, i) => `${name}=${versions[i]}`).join(",")};${until ?? ""}`;

/**
 * A catalog read's JSON answer, shared: the versions of the scopes it reads (`under`: a
 * restaurant's row, its menu, a dish, the restaurant lists; the whole catalog by default) are read
 * BEFORE `compute` runs (so the answer is at least that new), and the answer holds until a write
 * to one of them or `until` (ms, null: no end) comes. For a handler whose answer reads nothing but
 * its URL and those parts of the catalog.
 */
export async function sharedJson(compute: () => Promise<{ body: unknown; until: number | null }>, under: readonly string[] = [scopes.catalog]) {
  const versions = await scopeVersions(under);
  const { body, until } = await compute();
  return shareUntilChanged(json(body), versions, until, under);
}

/**
 * Marks `response` as shared while the scopes `under` (the whole catalog by default) stay at
 * `versions`, read before the answer was computed, and until `until` (ms, null: no end).
 */
export function shareUntilChanged<R extends Response>(
  response: R,
  versions: number | readonly number[],
  until: number | null,
  under: readonly string[] = [scopes.catalog],
): R {
  if (registry && response.status === 200) response.headers.set(SHARED_HEADER, markOf(under, typeof versions === "number" ? [versions] : versions, until));
  return response;
}

const requestOf = (url: string, cookie: string | undefined) => new NextRequest(new URL(url, "http://localhost"), { headers: cookie ? { cookie } : {} });

/** Whether a kept answer marked `mark` may be replayed now to this request, and with which cookies. */
async function check(mark: string, url: string, cookie: string | undefined, personal: boolean): Promise<ReplayCheck> {
  const moved = await movedSince(mark, url);
  if ("by" in moved) return { verdict: "stale", by: moved.by };
  const renewed = moved.renewed ? { mark: moved.renewed } : {};
  const request = requestOf(url, cookie);
  const cookies = await cookiesForReplay(request);
  if (!cookies) return { verdict: "next" };
  if (!personal) return { verdict: "fresh", cookies, ...renewed };
  const user = await userOfRequest(request);
  if (!user) return { verdict: "next" };
  if (request.nextUrl.pathname === "/") return { verdict: "fresh", cookies, redirect: SIGNED_IN_LANDING, ...renewed };
  const json = JSON.stringify(userToJson(user));
  return { verdict: "fresh", cookies, hole: (nonce) => sessionHole(json, nonce), ...renewed };
}

const SEARCH_PAGE = /^\/search(?:\?|$)/;

/**
 * Where a catalog page request is kept, or null when its answer is not shared (another page). A
 * search is kept under its parameters in one order (the page reads them by name). The host keeps
 * a page from its first render, on trial until it is asked again (most searches, addresses and
 * dishes are asked once).
 */
function pageKey(url: string, cookie: string | undefined, acceptLanguage?: string): PagePlace | null {
  if (!PAGES.test(url)) return null;
  // Three cookies read by name (no request object: this runs for every catalog page request).
  const pickup = cookieFrom(cookie, FULFILLMENT_COOKIE) === "pickup";
  // A page is kept per language (the footer's choice, else Accept-Language: lib/i18n/locale.ts).
  const chosen = cookieFrom(cookie, LANGUAGE_COOKIE);
  const locale = localeOf(chosen, acceptLanguage);
  // The mirror pseudo-locale (outside production) is a page of its own: English, right to left.
  const language = directionOf(locale, chosen, config().deployment !== "production") === "rtl" ? MIRRORED : locale;
  const search = SEARCH_PAGE.test(url) ? new URL(url, "http://localhost").searchParams : null;
  search?.sort();
  const path = search ? `/search${search.size ? `?${search}` : ""}` : url;
  return {
    key: `page ${pickup ? "pickup" : "delivery"}${language === DEFAULT_LOCALE ? "" : ` ${language}`} ${path}`,
    personal: cookieFrom(cookie, sessionCookieName(config().secureCookies)) !== undefined,
    // The signed-out render the host asks for after a signed-in one: the same mode and language.
    anonymousCookie: [pickup ? `${FULFILLMENT_COOKIE}=pickup` : "", language === DEFAULT_LOCALE ? "" : `${LANGUAGE_COOKIE}=${language}`].filter(Boolean).join("; "),
  };
}

/**
 * The catalog scopes a page at `url` shows (CATALOG_PAGES): the landing and /home the restaurant
 * rows (cards, cuisines, ratings, hours); a search the whole catalog; a restaurant page its row and its menu (its reviews move
 * its row: the rating); a dish page the dish (its options and likes) and its restaurant's row
 * ("from", servicing, open). A dish's restaurant is read after the dish's version, so a dish moved
 * in between leaves the mark already stale.
 */
async function pageScopes(url: string): Promise<{ names: string[]; versions: (number | string)[]; restaurantId?: number | null }> {
  const [, kind, raw] = /^\/(restaurants|menu-items)\/(\d+)/.exec(url) ?? [];
  const id = Number(raw);
  if (kind === "restaurants") {
    const names = [scopes.restaurant(id), scopes.menu(id)];
    return { names, versions: await scopeVersions(names), restaurantId: id };
  }
  if (kind === "menu-items") {
    const [dish] = await scopeVersions([scopes.dish(id)]);
    const restaurantId = await restaurantOfDish(id);
    // No such dish: its page is a 404, never kept; any restaurant row would do.
    const names = [scopes.dish(id), scopes.restaurant(restaurantId ?? 0)];
    return { names, versions: [dish!, ...(await scopeVersions(names.slice(1)))], restaurantId };
  }
  if (SEARCH_PAGE.test(url)) {
    // A search's results are dishes and restaurants across the catalog (their openness: the mark's
    // instant); the version is read before the results' digest (search.ts).
    const versions = await scopeVersions([scopes.catalog]);
    const results = await searchResults(url);
    if (!results) return { names: [scopes.catalog], versions };
    const dishes = results.dishIds.map(scopes.dish);
    return { names: [scopes.catalog, RESULTS, ...dishes], versions: [...versions, results.digest, ...(await scopeVersions(dishes))] };
  }
  const names = [scopes.restaurants];
  return { names, versions: await scopeVersions(names) };
}

/**
 * What no longer holds of a mark (`by`: `clock`, its instant has come, or the kind of the first
 * scope whose version moved: `menu` for `menu:12`, `*` the whole catalog), or, when it all
 * holds, the mark to keep it under from now on (`renewed`, null: the same): a search page whose
 * catalog moved and whose results did not is kept under the new version (search.ts).
 */
async function movedSince(mark: string, url: string): Promise<{ by: string } | { renewed: string | null }> {
  const [kept, until] = mark.split(";");
  if (until && Date.now() >= Number(until)) return { by: "clock" };
  const pairs = (kept ?? "").split(",").map((pair) => pair.split("=") as [string, string]);
  const results = pairs.findIndex(([name]) => name === RESULTS);
  const named = pairs.filter((_, i) => i !== results);
  const versions = await scopeVersions(named.map(([name]) => name));
  const moved = named.filter(([, version], i) => versions[i] !== Number(version)).map(([name]) => name);
  if (!moved.length) return { renewed: null };
  if (results < 0 || moved.some((name) => name !== scopes.catalog)) return { by: moved[0]!.replace(/:.*$/, "") };
  const now = await searchResults(url);
  if (now?.digest !== pairs[results]![1]) return { by: scopes.catalog };
  const renewed = pairs.map(([name, version]) => `${name}=${name === scopes.catalog ? versions[named.findIndex(([n]) => n === name)] : version}`);
  return { renewed: `${renewed.join(",")};${until ?? ""}` };
}

/**
 * A page's mark: its scopes (`pageScopes`), and the instant a status line on it changes: for a
 * restaurant's or dish page, that restaurant opening, closing or ending a pause or busy spell; for
 * the lists and searches, any restaurant's (Open now). Read after the scopes: a row changed in
 * between leaves the mark already stale.
 */
async function pageMark(url: string): Promise<string> {
  const { names, versions, restaurantId } = await pageScopes(url);
  const opens = restaurantId === undefined ? (await openRestaurantIds()).until : await restaurantChanges(restaurantId);
  // A restaurant's or dish page also ends when a dish of it marked sold out is back (docs/architecture/kitchen.md).
  const back = await soldOutEnds(url);
  return markOf(names, versions, opens === null ? back : back === null ? opens : Math.min(opens, back));
}

/** The first instant (ms) restaurant `id`'s status changes by the clock (restaurantsUntil); null: none, or no such restaurant (its pages are 404s, never kept). */
async function restaurantChanges(id: number | null): Promise<number | null> {
  if (id === null || !Number.isSafeInteger(id) || id > MAX_ID) return null;
  const row = await getRestaurant(id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  return row ? restaurantsUntil([row]) : null;
}

/** The first instant (ms) a dish sold out on the restaurant page or dish page at `url` is back; null: none. */
async function soldOutEnds(url: string): Promise<number | null> {
  const [, kind, raw] = /^\/(restaurants|menu-items)\/(\d+)/.exec(url) ?? [];
  const id = Number(raw);
  // No such page to keep (a junk id's page is a 404, never kept); the column takes 32-bit ids only.
  if (!kind || !Number.isSafeInteger(id) || id > MAX_ID) return null;
  // Kept in memory by the dishes' scope until that instant (a page mark is taken on every render).
  return catalogCached(
    `sold-out-ends:${kind}:${id}`,
    async () => {
      const first = await db.menuItem.findFirst({
        where: { ...(kind === "restaurants" ? { restaurantId: id } : { id }), soldOutUntil: { gt: new Date() } },
        orderBy: { soldOutUntil: "asc" },
        select: { soldOutUntil: true },
      });
      return first?.soldOutUntil?.getTime() ?? null;
    },
    { under: [kind === "restaurants" ? scopes.menu(id) : scopes.dish(id)], freshUntil: (until) => until },
  );
}

/**
 * The language a catalog JSON answer is kept under: the request's (the footer's cookie, else
 * Accept-Language), "" for English. The menu reads name dishes, sections and options in it
 * (docs/architecture/languages.md "Menus in several languages").
 */
function apiLanguage(cookie: string | undefined, acceptLanguage: string | undefined): string {
  const locale = localeOf(cookieFrom(cookie, LANGUAGE_COOKIE), acceptLanguage);
  return locale === DEFAULT_LOCALE ? "" : locale;
}

/** For tests: the app's side of the host's store, as the host calls it. */
export const keptAnswersForTests = { check, pageKey, pageMark, markOf, apiLanguage };

if (registry) Object.assign(registry, { check, pageKey, pageMark, apiLanguage });
