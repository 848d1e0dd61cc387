import "server-only";
import Database from "better-sqlite3";
import { cache as perRequest } from "react";
import { boundedCache } from "./bounded-cache";
import { config } from "./config";
import { isPostgresUrl } from "./create-db";
import { postgresRestaurantOfDish, postgresScopeVersions, sqliteCatalogReader, type SqliteCatalogReader } from "./queries/catalog-versions";

// Catalog reads (restaurants, their menus, the cuisine list) served from memory while what they
// read is unchanged. "Unchanged" is decided by the database, not by this process: triggers
// (migrations 20261121170000_catalog_version, 20261202153700_catalog_scopes) move CatalogVersion's
// counter and a counter per scope (a restaurant's row, its menu, a dish, the restaurant lists) in
// the same transaction as every write of a Restaurant, MenuItem, its options, sections or likes,
// whoever writes: this process, another process on the same SQLite file, another instance on the
// same PostgreSQL, or raw SQL. Every cached read first reads the counters of its scopes (primary-
// key lookups, cheaper than any catalog query) and loads again when one moved, so a rating after
// a review, a menu after an edit or a like count after a tap is never served stale, while a menu
// edit at one restaurant leaves every other restaurant's reads in memory.
//
// Races: a value is stored under the versions read before it was loaded, so a load that began
// before a write can never be kept under the versions the write produced.
// Values are shared between requests: callers must treat them as read-only (they only map them
// to JSON or render them).

// Each space holds at most its own number of entries and bytes (roughBytes, bounded-cache.ts), the
// least recently used going first. "catalog": a page of restaurants or menu items is 10-30 KB of
// objects; "search": GET /api/search and /search answers (lib/server/search/), 5-40 KB each, in a
// space of their own so that many distinct searches never push the catalog out. Both keys are
// made of visitor input (a query, an address's restaurants), so both bounds matter: 12 + 6 MB of
// the worker's 160 MB heap (docs/architecture/memory.md "Memory"). What is kept is the settled value: a
// load's promise is shared only while it runs (`loading`), since a promise created in a request
// holds that whole request (bounded-cache.ts).
export const SPACES = {
  catalog: { maxEntries: 500, maxBytes: 12 * 1024 * 1024 },
  search: { maxEntries: 300, maxBytes: 6 * 1024 * 1024 },
} as const;
export type CacheSpace = keyof typeof SPACES;

/** A kept value, the instant it stops being true by the clock, and the versions of its scopes it was read at. */
type Entry = { value: unknown; until: number; versions: readonly number[] };
type Entries = {
  spaces: Map<CacheSpace, ReturnType<typeof boundedCache<Entry>>>;
  /** The loads under way, by space and key, with the versions each was read at. */
  loading: Map<string, { versions: readonly number[]; value: Promise<unknown> }>;
};
const holder = globalThis as { __noshCatalogStore?: Entries };
const cache = (holder.__noshCatalogStore ??= { spaces: new Map(), loading: new Map() });

/**
 * The catalog's current version (0 when the row is missing: the triggers recreate it at 1+).
 * Read once per page render (React's cache: /home asks for the cuisines and the restaurants,
 * a restaurant page for the restaurant and its menu); elsewhere, on every call.
 */
export const catalogVersion = perRequest(async (): Promise<number> => {
  const direct = sqliteReader();
  if (direct) return direct.version();
  const [version] = await scopeVersions([scopes.catalog]);
  return version!;
});

// Scopes (migration 20261202153700_catalog_scopes; docs/architecture/catalog-and-caching.md
// "Scopes"): a version per part of the catalog a page shows, moved by triggers in the writing
// transaction beside CatalogVersion, so that a kept page is thrown away only by a write to what it
// shows. A dish's price moves its restaurant's menu and the dish, never the restaurant lists.

/** The scope a version is kept under: "*" is the whole catalog (CatalogVersion). */
export const scopes = {
  catalog: "*",
  /** Any restaurant row: the lists (/home, the cuisines, cards' ratings, hours, photos). */
  restaurants: "restaurants",
  /** Restaurant `id`'s row. */
  restaurant: (id: number) => `restaurant:${id}`,
  /** Restaurant `id`'s menu: its dishes, their option groups and options, their likes. */
  menu: (id: number) => `menu:${id}`,
  /** Dish `id`, its option groups and options, its likes. */
  dish: (id: number) => `dish:${id}`,
} as const;

/** The current version of each of `names` (0 for a scope never written), in their order. */
export async function scopeVersions(names: readonly string[]): Promise<number[]> {
  const direct = sqliteReader();
  if (direct) return names.map((name) => (name === scopes.catalog ? direct.version() : direct.scope(name)));
  // PostgreSQL: one statement for them all (the whole catalog's as the scope "*"), on the pool
  // itself (create-db.ts postgresPoolOf), prepared once a connection.
  const found = await postgresScopeVersions(names.filter((name) => name !== scopes.catalog));
  return names.map((name) => found.get(name) ?? 0);
}

/** The restaurant dish `id` belongs to, or null for no such dish (a dish page's scopes). */
export async function restaurantOfDish(id: number): Promise<number | null> {
  const direct = sqliteReader();
  if (direct) return direct.restaurantOfDish(id);
  return postgresRestaurantOfDish(id);
}

/**
 * On SQLite the counters are read on a read-only connection of their own with prepared
 * statements: about 20 us, against 0.3-1 ms for the same read through Prisma's query pipeline
 * (most of a cached read's cost; measured in one process, docs/log/performance.md). It must not be
 * Prisma's connection: a read there could land inside another request's open transaction and
 * see a version that is later rolled back; its own connection sees only committed writes (WAL),
 * whoever made them. On PostgreSQL one statement on the pool under Prisma's adapter (queries/catalog-versions.ts):
 * through Prisma's client a replay's CPU was 8-11% more (docs/performance.md).
 */
function sqliteReader(): SqliteCatalogReader | null {
  const url = config().databaseUrl;
  const holder = globalThis as { __noshCatalogReader?: { url: string; read: SqliteCatalogReader | null } };
  if (holder.__noshCatalogReader?.url === url) return holder.__noshCatalogReader.read;
  let read: SqliteCatalogReader | null = null;
  const file = url.replace(/^file:/, "");
  if (!isPostgresUrl(url) && file !== ":memory:") {
    read = sqliteCatalogReader(new Database(file, { readonly: true, fileMustExist: true, timeout: config().sqliteBusyTimeoutMs }));
  }
  holder.__noshCatalogReader = { url, read };
  return read;
}

/** What a cached read depends on: its space, when it stops being true by the clock, and the scopes whose writes end it. */
export type CachedOptions<T> = {
  space?: CacheSpace;
  /**
   * For a value that also depends on the clock (a restaurant's `openNow`): the instant (ms) it
   * stops being true, or null for never; from then on it is loaded again.
   */
  freshUntil?: (value: T) => number | null;
  /**
   * The catalog scopes the value is read from (`scopes`): a write to any of them, and only such a
   * write, ends it. Default: the whole catalog ("*"), for a value that reads across restaurants'
   * menus (search, every dish). A restaurant's row: `restaurant(id)`; its dishes: `menu(id)`; one
   * dish: `dish(id)`; the lists of restaurants (their rows only): `restaurants`.
   */
  under?: readonly string[];
};

const WHOLE_CATALOG = [scopes.catalog] as const;
const sameVersions = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((version, i) => version === b[i]);
/** True when every version of `a` is at least `b`'s: a load read at `b` must not replace one read at `a`. */
const notOlder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((version, i) => version >= b[i]!);

/**
 * `load()`'s result for `key`, from memory while no write has touched the scopes it was read
 * from (`under`; the whole catalog by default) since it was loaded: a menu edit at one restaurant
 * keeps every other restaurant's reads. Concurrent misses of one key share one load; a failed
 * load is not kept. A value is kept under the versions read before it was loaded, so a load that
 * began before a write is loaded again by the next read, never served as current.
 */
export async function catalogCached<T>(key: string, load: () => Promise<T>, options: CachedOptions<T> = {}): Promise<T> {
  const space = options.space ?? "catalog";
  const versions = await scopeVersions(options.under ?? WHOLE_CATALOG);
  let values = cache.spaces.get(space);
  if (!values) cache.spaces.set(space, (values = boundedCache<Entry>(SPACES[space])));
  const hit = values.get(key);
  if (hit && sameVersions(hit.versions, versions) && Date.now() < hit.until) return hit.value as T;
  const id = `${space}\n${key}`;
  const running = cache.loading.get(id);
  if (running && sameVersions(running.versions, versions)) return running.value as Promise<T>;
  const value = load();
  cache.loading.set(id, { versions, value });
  try {
    const loaded = await value;
    // Not over a value read at newer versions (a load that raced a later one).
    const kept = values.get(key);
    if (!kept || notOlder(versions, kept.versions)) values.set(key, { value: loaded, until: options.freshUntil?.(loaded) ?? Infinity, versions });
    return loaded;
  } finally {
    if (cache.loading.get(id)?.value === value) cache.loading.delete(id);
  }
}

/** For tests: how much each space holds now. */
export function catalogCacheSize(space: CacheSpace): { entries: number; bytes: number } {
  const values = cache.spaces.get(space);
  return { entries: values?.size ?? 0, bytes: values?.calculatedSize ?? 0 };
}
