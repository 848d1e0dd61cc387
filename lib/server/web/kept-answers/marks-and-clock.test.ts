import { afterAll, describe, expect, it, vi } from "vitest";
import { everyDay } from "@/lib/shared/time/opening-hours";
import { createDb } from "@/lib/server/platform/create-db";
import { restaurantInput, restaurantRow, setUpTestDatabase } from "@/lib/server/platform/testing/db";

// Kept catalog pages are thrown away by a write to what they show, not by any catalog write
// (docs/architecture/catalog-and-caching.md "Scopes"): the host keeps a page under the mark
// pageMark() gives it before it renders, and replays it while check() says the mark holds. Here
// the app's side of that, against a real migrated database: marks are taken as the host takes
// them, the catalog is written as owners and customers write it (and through a second connection,
// as another process or instance would), and check() is asked what the host would ask. The clock
// part of a mark (a restaurant opening or closing) is the last test; how far an answer's instant
// reaches (its restaurants' next change, a list's next whole minute) is restaurants/hours.test.ts's.

const test = setUpTestDatabase();

const manage = await import("@/lib/server/restaurants/manage");
const menu = await import("@/lib/server/menu/owner-menu");
const items = await import("@/lib/server/menu/menu-items");
const { db } = await import("@/lib/server/platform/db");
const { keptAnswersForTests } = await import("./index");
const { catalogVersion, scopes } = await import("@/lib/server/platform/catalog-cache");
const { restaurantsUntil } = await import("@/lib/server/restaurants/open-now");
const { check, pageKey, pageMark, markOf, apiLanguage } = keptAnswersForTests;
/** A second connection to the same database: writes this process's code never hears about. */
const other = createDb(test.url);
afterAll(() => other.$disconnect());

async function shop(name: string) {
  const owner = await db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await manage.createRestaurant(owner, restaurantInput(name));
  const dish = (dishName: string) =>
    menu.createMenuItem(owner, {
      restaurantId: restaurant.id,
      name: dishName,
      description: "Six pork dumplings.",
      priceCents: 600,
      foodImage: "/images/food/chinese-fried-rice-arroz-chaufa.webp",
      foodType: "appetizer",
    });
  return { owner, restaurant, item: await dish("Dumplings"), other: await dish("Buns") };
}

type Shop = Awaited<ReturnType<typeof shop>>;
const pagesOf = (s: Shop) => ({
  restaurant: `/restaurants/${s.restaurant.id}`,
  dish: `/menu-items/${s.item.id}`,
  otherDish: `/menu-items/${s.other.id}`,
});

/** The pages kept now, each under the mark the host would give it (without its instant). */
async function keep(urls: string[]) {
  return Promise.all(urls.map(async (url) => ({ url, mark: (await pageMark(url)).replace(/;.*$/, ";") })));
}
/** The pages of `kept` whose mark no longer holds: the ones the host would render again. */
async function thrownAway(kept: { url: string; mark: string }[]) {
  const verdicts = await Promise.all(kept.map(async ({ url, mark }) => ({ url, verdict: (await check(mark, url, undefined, false)).verdict })));
  for (const { url, verdict } of verdicts) expect(["fresh", "stale"], url).toContain(verdict);
  return verdicts.filter(({ verdict }) => verdict === "stale").map(({ url }) => url);
}

describe("kept pages' marks", () => {
  it("a restaurant's and a dish's page end when a dish sold out is back, and a new sold-out time is seen at once", async () => {
    const a = await shop("Sold Out Noodles");
    const until = (mark: string) => Number(mark.split(";")[1]);
    const soon = Date.now() + 3_600_000;
    await db.menuItem.update({ where: { id: a.item.id }, data: { soldOutUntil: new Date(soon) } });
    // Its restaurant's own next opening or closing (no other restaurant's).
    const opening = restaurantsUntil([await db.restaurant.findUniqueOrThrow({ where: { id: a.restaurant.id } })]) ?? Infinity;
    for (const url of [pagesOf(a).restaurant, pagesOf(a).dish]) expect(until(await pageMark(url))).toBe(Math.min(opening, soon));
    // Through another connection: the kept answer of the first mark is not served.
    const later = soon + 3_600_000;
    await other.menuItem.update({ where: { id: a.item.id }, data: { soldOutUntil: new Date(later) } });
    for (const url of [pagesOf(a).restaurant, pagesOf(a).dish]) expect(until(await pageMark(url))).toBe(Math.min(opening, later));
    await db.menuItem.update({ where: { id: a.item.id }, data: { soldOutUntil: null } });
    expect(await pageMark(pagesOf(a).dish)).toMatch(opening === Infinity ? /;$/ : new RegExp(`;${opening}$`));
  });

  it("a page is kept per language: the footer's cookie, else Accept-Language; the signed-out render after a signed-in one keeps it", () => {
    const english = pageKey("/home", undefined, "en-US,en;q=0.9");
    expect(english).toMatchObject({ key: "page delivery /home", anonymousCookie: "" });
    expect(pageKey("/home", undefined, undefined)?.key).toBe(english?.key);
    const spanish = pageKey("/home", undefined, "es-MX,es;q=0.9");
    expect(spanish?.key).not.toBe(english?.key);
    expect(spanish?.anonymousCookie).toBe("nosh_lang=es");
    expect(pageKey("/home", "nosh_lang=es", "en-US")?.key).toBe(spanish?.key);
    expect(pageKey("/home", "nosh_lang=fr; nosh_mode=pickup", "es")).toMatchObject({ key: "page pickup fr /home", anonymousCookie: "nosh_mode=pickup; nosh_lang=fr" });
    // The catalog's JSON answers (menus name dishes in the reader's language) are kept by the same choice; English as before.
    expect([
      apiLanguage(undefined, "en-US,en;q=0.9"),
      apiLanguage(undefined, undefined),
      apiLanguage(undefined, "es-MX,es;q=0.9"),
      apiLanguage("nosh_lang=fr", "es"),
    ]).toEqual(["", "", "es", "fr"]);
    // The mirror pseudo-locale (outside production): English words right to left, a page of its own.
    expect(pageKey("/home", "nosh_lang=en-XB", "es")).toMatchObject({ key: "page delivery en-XB /home", anonymousCookie: "nosh_lang=en-XB" });
  });

  it("a search is kept under its parameters in one order, until a catalog write changes its results", async () => {
    const a = await shop("Searched Noodles");
    const place = pageKey("/search?q=dumplings&sort=rating", undefined);
    expect(place).toMatchObject({ personal: false });
    expect(pageKey("/search?sort=rating&q=dumplings", undefined)?.key).toBe(place?.key);
    expect(pageKey("/search?q=buns&sort=rating", undefined)?.key).not.toBe(place?.key);
    const rice = await db.menuItem.create({
      data: {
        restaurantId: a.restaurant.id,
        name: "Rice",
        description: "Steamed.",
        priceCents: 200,
        foodImage: "/images/food/chinese-fried-rice-arroz-chaufa.webp",
        foodType: "appetizer",
      },
    });
    const url = "/search?q=dumplings";
    const kept = await keep([url, "/home"]);
    expect(await thrownAway(kept)).toEqual([]);
    // A write to a dish the search does not show, nor now matches: its page is kept, under the catalog's new version.
    await menu.updateMenuItem(a.owner, rice.id, { priceCents: 250 });
    const after = await check(kept[0]!.mark, url, undefined, false);
    expect(after).toMatchObject({ verdict: "fresh", mark: expect.stringContaining(`*=${await catalogVersion()},`) });
    expect(await check((after as { mark: string }).mark, url, undefined, false)).not.toHaveProperty("mark");
    // The same dish renamed into its results (from another process), or a dish it shows repriced: thrown away; /home stays.
    await other.menuItem.update({ where: { id: rice.id }, data: { name: "Rice dumplings" } });
    expect(await thrownAway(kept)).toEqual([url]);
    const again = await keep([url]);
    await menu.updateMenuItem(a.owner, a.other.id, { priceCents: 700 });
    expect(await thrownAway([...again, kept[1]!])).toEqual([url]);
  });

  it("a dish's price throws away its restaurant's page and its own page only, from this process or another", async () => {
    const a = await shop("Scoped Noodles A");
    const b = await shop("Scoped Noodles B");
    const [pa, pb] = [pagesOf(a), pagesOf(b)];
    const all = ["/", "/home", "/home?cuisine=chinese", ...Object.values(pa), ...Object.values(pb)];

    let kept = await keep(all);
    expect(await thrownAway(kept)).toEqual([]);
    await menu.updateMenuItem(a.owner, a.item.id, { priceCents: 650 });
    expect(await thrownAway(kept)).toEqual([pa.restaurant, pa.dish]);
    // The host counts each render with what threw its page away: the first scope of its mark that moved.
    const byUrl = new Map(kept.map(({ url, mark }) => [url, mark]));
    expect(await check(byUrl.get(pa.restaurant)!, pa.restaurant, undefined, false)).toEqual({ verdict: "stale", by: "menu" });
    expect(await check(byUrl.get(pa.dish)!, pa.dish, undefined, false)).toEqual({ verdict: "stale", by: "dish" });

    // Through another connection (another process on the file, another instance on PostgreSQL).
    kept = await keep(all);
    await other.$executeRaw`UPDATE "MenuItem" SET "priceCents" = 700 WHERE "id" = ${b.item.id}`;
    expect(await thrownAway(kept)).toEqual([pb.restaurant, pb.dish]);
  });

  it("a restaurant's own row throws away the lists, its page and its dishes' pages; likes, options and deletions their dish and menu", async () => {
    const a = await shop("Scoped Dumplings A");
    const b = await shop("Scoped Dumplings B");
    const [pa, pb] = [pagesOf(a), pagesOf(b)];
    const all = ["/", "/home", ...Object.values(pa), ...Object.values(pb)];

    let kept = await keep(all);
    await manage.updateRestaurant(a.owner, a.restaurant.id, { name: "Scoped Dumplings Renamed" });
    expect(await thrownAway(kept)).toEqual(["/", "/home", pa.restaurant, pa.dish, pa.otherDish]);

    kept = await keep(all);
    await items.toggleLike(b.owner.id, b.item.id);
    expect(await thrownAway(kept)).toEqual([pb.restaurant, pb.dish]);

    kept = await keep(all);
    const [group] = await other.$queryRaw<{ id: number }[]>`
      INSERT INTO "OptionGroup" ("menuItemId", "name", "minChoices", "maxChoices", "position") VALUES (${a.other.id}, 'Sauce', 0, 1, 0) RETURNING "id"`;
    expect(await thrownAway(kept)).toEqual([pa.restaurant, pa.otherDish]);

    kept = await keep(all);
    await other.$executeRaw`INSERT INTO "MenuOption" ("groupId", "name", "priceDeltaCents", "position") VALUES (${group!.id}, 'Chili', 50, 0)`;
    expect(await thrownAway(kept)).toEqual([pa.restaurant, pa.otherDish]);

    kept = await keep(all);
    await other.$executeRaw`UPDATE "MenuOption" SET "priceDeltaCents" = 75 WHERE "groupId" = ${group!.id}`;
    expect(await thrownAway(kept)).toEqual([pa.restaurant, pa.otherDish]);

    kept = await keep(all);
    await menu.deleteMenuItem(b.owner, b.other.id);
    expect(await thrownAway(kept)).toEqual([pb.restaurant, pb.otherDish]);
  });

  it("a dish moved to another restaurant throws away both menus and the dish", async () => {
    const a = await shop("Scoped Buns A");
    const b = await shop("Scoped Buns B");
    const [pa, pb] = [pagesOf(a), pagesOf(b)];
    const kept = await keep(["/home", ...Object.values(pa), ...Object.values(pb)]);
    await other.$executeRaw`UPDATE "MenuItem" SET "restaurantId" = ${b.restaurant.id} WHERE "id" = ${a.item.id}`;
    expect(await thrownAway(kept)).toEqual([pa.restaurant, pa.dish, pb.restaurant]);
  });
});

describe("kept answers and the clock", () => {
  it("a restaurant's JSON read and its page, kept before it opens, are not replayed from the opening on", async () => {
    const owner = await db.user.create({ data: { firstName: "Owner" } });
    const restaurant = await db.restaurant.create({
      data: { ...restaurantRow(owner.id, { name: "Clock Shop" }), timeZone: "UTC", hours: JSON.stringify(everyDay({ open: "11:00", close: "22:00" })) },
    });
    const url = `/restaurants/${restaurant.id}`;
    const opening = Date.parse("2026-11-23T11:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-23T10:59:00Z"));
      // As GET /api/restaurants/{id} marks its answer: sharedJson() with restaurantsUntil().
      const read = markOf([scopes.catalog], [await catalogVersion()], restaurantsUntil([restaurant]));
      expect(read.endsWith(`;${opening}`)).toBe(true);
      const page = await pageMark(url);
      expect(Number(page.split(";")[1])).toBe(opening);
      const verdicts = async () => [
        (await check(read, `/api/restaurants/${restaurant.id}`, undefined, false)).verdict,
        (await check(page, url, undefined, false)).verdict,
      ];

      expect(await verdicts()).toEqual(["fresh", "fresh"]);
      vi.setSystemTime(new Date(opening - 1));
      expect(await verdicts()).toEqual(["fresh", "fresh"]);
      vi.setSystemTime(new Date(opening));
      expect(await verdicts()).toEqual(["stale", "stale"]);
      expect(await check(page, url, undefined, false)).toEqual({ verdict: "stale", by: "clock" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("another restaurant opening or pausing ends the lists' kept pages, never a restaurant's or dish page it is not on", async () => {
    const owner = await db.user.create({ data: { firstName: "Owner" } });
    const hours = (open: string, close: string) => ({ timeZone: "UTC", hours: JSON.stringify(everyDay({ open, close })) });
    const shown = await db.restaurant.create({ data: { ...restaurantRow(owner.id, { name: "Steady Diner" }), ...hours("08:00", "20:00") } });
    const dish = await db.menuItem.create({
      data: {
        restaurantId: shown.id,
        name: "Toast",
        description: "Two slices.",
        priceCents: 300,
        foodImage: "/images/food/chinese-fried-rice-arroz-chaufa.webp",
        foodType: "appetizer",
      },
    });
    const opener = await db.restaurant.create({ data: { ...restaurantRow(owner.id, { name: "Late Opener" }), ...hours("11:00", "22:00") } });
    const pages = [`/restaurants/${shown.id}`, `/menu-items/${dish.id}`];
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-23T10:59:00Z"));
      const marks = await Promise.all([...pages, "/home"].map(async (url) => ({ url, mark: await pageMark(url) })));
      // The pages of the steady diner end at its own closing; the lists at the other's opening (or sooner).
      for (const { mark } of marks.slice(0, 2)) expect(Number(mark.split(";")[1])).toBe(Date.parse("2026-11-23T20:00:00Z"));
      expect(Number(marks[2]!.mark.split(";")[1])).toBeLessThanOrEqual(Date.parse("2026-11-23T11:00:00Z"));
      vi.setSystemTime(new Date("2026-11-23T11:00:00Z"));
      const verdicts = () => Promise.all(marks.map(async ({ url, mark }) => (await check(mark, url, undefined, false)).verdict));
      expect(await verdicts()).toEqual(["fresh", "fresh", "stale"]);
      // The other's kitchen paused (its row: the lists' scope): the steady diner's pages stay kept,
      // and marks taken now do not end with that pause.
      const pauseEnd = Date.parse("2026-11-23T11:15:00Z");
      await other.restaurant.update({ where: { id: opener.id }, data: { pausedUntil: new Date(pauseEnd) } });
      expect((await verdicts()).slice(0, 2)).toEqual(["fresh", "fresh"]);
      for (const url of pages) expect(Number((await pageMark(url)).split(";")[1])).toBe(Date.parse("2026-11-23T20:00:00Z"));
      expect(Number((await pageMark("/home")).split(";")[1])).toBeLessThanOrEqual(pauseEnd);
    } finally {
      vi.useRealTimers();
    }
  });
});
