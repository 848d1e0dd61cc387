import { describe, expect, it } from "vitest";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";

// /sitemap.xml against a real, migrated database: what it lists, its index past the file limit
// (made small here), the 304 on the catalog's version, and the 404 of a file it does not have.

setUpTestDatabase({ PUBLIC_ORIGIN: "https://nosh.example" });
const m = {
  db: (await import("../platform/db")).db,
  sitemap: await import("./sitemap"),
  entries: await import("../restaurants/sitemap"),
};

const get = (query = "", headers: Record<string, string> = {}) => m.sitemap.sitemapResponse(new Request(`http://localhost/sitemap.xml${query}`, { headers }), 4);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

async function catalog() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const open = await m.db.restaurant.create({ data: restaurantRow(owner.id, { name: "Open" }) });
  const closed = await m.db.restaurant.create({ data: restaurantRow(owner.id, { name: "Closed", servicing: false }) });
  const suspended = await m.db.restaurant.create({ data: restaurantRow(owner.id, { name: "Hidden", servicing: false, suspendedAt: new Date() }) });
  const dish = (restaurantId: number, name: string) =>
    m.db.menuItem.create({ data: { restaurantId, name, description: "", priceCents: 500, foodImage: "/x.webp", foodType: "entree" } });
  const dishes = [await dish(open.id, "A"), await dish(open.id, "B")];
  await dish(closed.id, "C");
  await dish(suspended.id, "D");
  return { open, closed, suspended, dishes };
}

describe("the sitemap", () => {
  it("lists every open restaurant and its dishes, absolute on the public origin, and neither closed nor hidden ones", async () => {
    const { open, dishes } = await catalog();
    const answer = await m.sitemap.sitemapResponse(new Request("http://localhost/sitemap.xml"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await answer.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(xml)).toEqual([`https://nosh.example/restaurants/${open.id}`, ...dishes.map((d) => `https://nosh.example/menu-items/${d.id}`)]);
    // A restaurant's lastmod is its menu's latest change when that is later than its own row's.
    const later = new Date(Date.now() + 60_000);
    await m.db.menuItem.update({ where: { id: dishes[0]!.id }, data: { updatedAt: later } });
    const again = await (await m.sitemap.sitemapResponse(new Request("http://localhost/sitemap.xml"))).text();
    expect(again).toContain(`<loc>https://nosh.example/restaurants/${open.id}</loc><lastmod>${later.toISOString()}</lastmod>`);
  });

  it("past the file limit is an index of files that together list every URL once, read a page of rows at a time", async () => {
    await m.db.restaurant.deleteMany();
    const { open } = await catalog();
    const more = await Promise.all([1, 2, 3].map((i) => m.db.restaurant.create({ data: restaurantRow(open.ownerId, { name: `More ${i}` }) })));
    const index = await (await get()).text();
    expect(index).toContain("<sitemapindex");
    const files = locs(index);
    expect(files).toEqual(["https://nosh.example/sitemap.xml?file=restaurants-1", "https://nosh.example/sitemap.xml?file=dishes-1"]);
    const listed = [];
    for (const file of files) listed.push(...locs(await (await get(new URL(file).search)).text()));
    // By id (the three were created at once: PostgreSQL may number them in any order).
    const ids = [open, ...more].map((r) => r.id).sort((a, b) => a - b);
    expect(listed.filter((url) => url.includes("/restaurants/"))).toEqual(ids.map((id) => `https://nosh.example/restaurants/${id}`));
    expect(listed.filter((url) => url.includes("/menu-items/"))).toHaveLength(2);
    // Pages of 2 rows: the slice from the 2nd restaurant on comes in two pages, ids in order.
    const pages = [];
    for await (const page of m.entries.sitemapEntries("restaurants", 1, 3, 2)) pages.push(page.map((entry) => entry.path));
    expect(pages).toEqual([ids.slice(1, 3).map((id) => `/restaurants/${id}`), [`/restaurants/${ids[3]!}`]]);
  });

  it("answers 304 to the catalog version's ETag until the catalog changes, and 404 to a file it does not have", async () => {
    const first = await get();
    const etag = first.headers.get("etag")!;
    expect((await get("", { "if-none-match": etag })).status).toBe(304);
    await m.db.restaurant.updateMany({ data: { name: "Renamed" } });
    expect((await get("", { "if-none-match": etag })).status).toBe(200);
    expect((await get("?file=dishes-9")).status).toBe(404);
    expect((await get("?file=nonsense")).status).toBe(404);
  });
});
