import "server-only";
import { byPages } from "../platform/by-pages";
import { db } from "../platform/db";

// What /sitemap.xml lists (lib/server/web/sitemap.ts writes it): every restaurant the catalog
// shows (taking orders, not suspended: the home page's rule) and each of its dishes, with the
// instant each last changed. Read a page of rows at a time (never the whole table), so a sitemap
// of 50,000 URLs holds one page of rows in memory while it is written out.

/** The sitemap protocol's limit of URLs in one file: past it, /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

/** Rows read per query. */
export const SITEMAP_PAGE_ROWS = 1_000;

/** The restaurants the catalog lists (lib/server/restaurants/restaurants.ts reads the same rule). */
const LISTED = { servicing: true, suspendedAt: null } as const;

export type SitemapKind = "restaurants" | "dishes";

/** One URL of a sitemap: a catalog page and when what it shows last changed. */
export type SitemapEntry = { path: string; lastmod: Date };

/** How many restaurant and dish pages there are, and the latest change of each kind. */
export async function sitemapCounts(): Promise<Record<SitemapKind, { count: number; lastmod: Date | null }>> {
  const [restaurants, dishes] = await Promise.all([
    db.restaurant.aggregate({ where: LISTED, _count: { _all: true }, _max: { updatedAt: true } }),
    db.menuItem.aggregate({ where: { restaurant: LISTED }, _count: { _all: true }, _max: { updatedAt: true } }),
  ]);
  return {
    restaurants: { count: restaurants._count._all, lastmod: restaurants._max.updatedAt },
    dishes: { count: dishes._count._all, lastmod: dishes._max.updatedAt },
  };
}

/**
 * The `count` entries of `kind` from the `from`th on (in id order), a page of rows at a time:
 * the first query skips to `from`, the next ones continue after the last id read. A restaurant's
 * lastmod is the later of its row's and its dishes' changes (its page shows the menu).
 */
export async function* sitemapEntries(kind: SitemapKind, from: number, count: number, pageRows = SITEMAP_PAGE_ROWS): AsyncGenerator<SitemapEntry[]> {
  let left = count;
  const read = (after: number | undefined) => {
    const take = Math.min(pageRows, left);
    if (take <= 0) return Promise.resolve([]);
    const where = after === undefined ? {} : { id: { gt: after } };
    const skip = after === undefined ? from : 0;
    const args = { orderBy: { id: "asc" as const }, skip, take, select: { id: true, updatedAt: true } };
    return kind === "restaurants"
      ? db.restaurant.findMany({ ...args, where: { ...LISTED, ...where } })
      : db.menuItem.findMany({ ...args, where: { restaurant: LISTED, ...where } });
  };
  let page: { id: number; updatedAt: Date }[] = [];
  for await (const row of byPages(read, (row) => row.id)) {
    page.push(row);
    left -= 1;
    if (page.length === pageRows || left === 0) {
      yield await entriesOf(kind, page);
      page = [];
    }
  }
  if (page.length) yield await entriesOf(kind, page);
}

async function entriesOf(kind: SitemapKind, rows: { id: number; updatedAt: Date }[]): Promise<SitemapEntry[]> {
  if (kind === "dishes") return rows.map((row) => ({ path: `/menu-items/${row.id}`, lastmod: row.updatedAt }));
  const menus = await db.menuItem.groupBy({ by: ["restaurantId"], where: { restaurantId: { in: rows.map((row) => row.id) } }, _max: { updatedAt: true } });
  const menuChanged = new Map(menus.map((menu) => [menu.restaurantId, menu._max.updatedAt]));
  return rows.map((row) => {
    const menu = menuChanged.get(row.id);
    return { path: `/restaurants/${row.id}`, lastmod: menu && menu > row.updatedAt ? menu : row.updatedAt };
  });
}
