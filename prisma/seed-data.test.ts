// Guards the demo data against the spec's validation rules, checks that every image exists,
// and seeds a throwaway SQLite database to prove the ledger, rating and like invariants.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { photoCreditFor, photoCredits } from "../lib/shared/demo/photo-credits";
import { finalWalletBalances, orderTotals, seedDatabase, walletLedger } from "./seed";
import { isOpenAt } from "../lib/shared/time/opening-hours";
import { createRequire } from "node:module";
import { weeklyHoursSchema } from "../lib/contract/restaurants/rules";
import { DEFAULT_DELIVERY_RADIUS_KM, distanceKm, MAX_DELIVERY_RADIUS_KM, MIN_DELIVERY_RADIUS_KM } from "../lib/shared/delivery/delivery";
import { ALWAYS_OPEN_DEMO_RESTAURANTS, demoOpeningHours, demoUsers, likes, pastOrders, restaurants, type FoodType } from "./seed-data";
import { statusOf } from "@/lib/shared/orders/order-stages";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = path.join(ROOT, "public");

const CUISINES = [
  "American",
  "Chinese",
  "Italian",
  "Japanese",
  "Mexican",
  "Indian",
  "Thai",
  "Mediterranean",
  "Korean",
  "Vietnamese",
  "Greek",
  "Spanish",
  "Seafood",
  "Pizza",
  "Vegetarian",
  "Vegan",
  "Breakfast",
  "Fast Food",
  "Caribbean",
  "Soul Food",
];
const PRICE_LEVELS = ["INEXPENSIVE", "MODERATE", "EXPENSIVE", "VERY_EXPENSIVE"];
const FOOD_TYPES: FoodType[] = ["appetizer", "entree", "dessert", "beverage"];
/** Plausible entree price range (cents) per price level. */
const ENTREE_RANGE: Record<string, [number, number]> = {
  INEXPENSIVE: [700, 1600],
  MODERATE: [1200, 2500],
  EXPENSIVE: [1700, 3800],
  VERY_EXPENSIVE: [3500, 6500],
};

const imageFile = (publicPath: string) => path.join(PUBLIC, publicPath);
const variant = (publicPath: string, suffix: "-sm" | "-lg") => publicPath.replace(/\.webp$/, `${suffix}.webp`);

/** "Mon-Sun 11:00 AM - 10:00 PM" -> "22:00" (the closing time of the last range). */
function closingFromHours(hours: string): string | null {
  const match = /(\d{1,2}):(\d{2})\s*(AM|PM)\s*$/i.exec(hours);
  if (!match) return null;
  let hour = Number(match[1]) % 12;
  if (match[3]!.toUpperCase() === "PM") hour += 12;
  return `${String(hour).padStart(2, "0")}:${match[2]}`;
}

describe("demo users", () => {
  it("has exactly nine accounts with ids 1..9, owners 1 and 2, couriers 6 to 8, operator 9", () => {
    expect(demoUsers.map((u) => u.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(demoUsers.filter((u) => u.operator).map((u) => u.id)).toEqual([9]);
    expect(demoUsers.filter((u) => u.restaurantOwner).map((u) => u.id)).toEqual([1, 2]);
    expect(demoUsers.filter((u) => u.courier).map((u) => u.id)).toEqual([6, 7, 8]);
  });

  it("passes the signup and profile rules", () => {
    for (const u of demoUsers) {
      expect(u.firstName.trim().length).toBeGreaterThan(0);
      expect(u.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
      expect(u.phoneNumber).toMatch(/^[2-9]\d{9}$/);
      expect(u.address).toMatch(/^\d+ /);
      expect(u.address).not.toContain(",");
      expect(u.city).toMatch(/^[A-Za-z -]+$/);
      expect(u.state).toMatch(/^[A-Z]{2}$/);
      expect(u.zip).toMatch(/^\d{5}$/);
      expect(u.deliveryInstructions.length).toBeGreaterThan(0);
    }
    expect(new Set(demoUsers.map((u) => u.email.toLowerCase())).size).toBe(demoUsers.length);
    expect(new Set(demoUsers.map((u) => u.phoneNumber)).size).toBe(demoUsers.length);
  });

  it("states the wallet balance the ledger ends on", () => {
    const balances = finalWalletBalances();
    for (const u of demoUsers) expect(u.walletCents).toBe(balances.get(u.id) ?? 0);
  });
});

describe("places (docs/architecture/couriers.md)", () => {
  const zipsCentroids = createRequire(import.meta.url)("zipcodes") as { lookup: (zip: string) => { latitude: number; longitude: number } | undefined };
  const centroid = (zip: string) => {
    const found = zipsCentroids.lookup(zip)!;
    return { lat: found.latitude, lng: found.longitude };
  };
  const byName = (name: string) => restaurants.find((r) => r.name === name)!;
  const reach = (r: (typeof restaurants)[number], point: { lat: number; lng: number }) => distanceKm(r, point) <= (r.deliveryRadiusKm ?? DEFAULT_DELIVERY_RADIUS_KM);

  it("places every restaurant and account near its own ZIP code (hand-placed, not the centroid)", () => {
    for (const place of [...restaurants, ...demoUsers]) {
      expect(distanceKm(place, centroid(place.zip)), `${place.address}`).toBeLessThan(4);
    }
    for (const r of restaurants) {
      const radius = r.deliveryRadiusKm ?? DEFAULT_DELIVERY_RADIUS_KM;
      expect(radius >= MIN_DELIVERY_RADIUS_KM && radius <= MAX_DELIVERY_RADIUS_KM).toBe(true);
    }
  });

  it("delivers where the browser tests order (a 94105 customer, restaurants 1, 3, 4, 5 and 7)", () => {
    for (const index of [0, 2, 3, 4, 6]) expect(reach(restaurants[index]!, centroid("94105")), restaurants[index]!.name).toBe(true);
  });

  it("shows 'Too far' somewhere: the Mission is beyond Temescal's radius, and Berkeley beyond Hayes Valley's", () => {
    const rosa = demoUsers.find((u) => u.id === 1)!;
    const jordan = demoUsers.find((u) => u.id === 4)!;
    expect(reach(byName("Temescal Pasta Bar"), rosa)).toBe(false);
    expect(reach(byName("Hayes Street Kitchen"), jordan)).toBe(false);
    expect(reach(byName("Taqueria La Paloma"), rosa)).toBe(true);
    expect(reach(byName("Masala House"), jordan)).toBe(true);
  });
});

describe("restaurants", () => {
  it("has at least 24, covering at least 15 cuisines and all four price levels", () => {
    expect(restaurants.length).toBeGreaterThanOrEqual(24);
    for (const r of restaurants) expect(CUISINES).toContain(r.cuisineType);
    expect(new Set(restaurants.map((r) => r.cuisineType)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(restaurants.map((r) => r.priceLevel))).toEqual(new Set(PRICE_LEVELS));
    expect(new Set(restaurants.map((r) => r.name)).size).toBe(restaurants.length);
  });

  it.each(restaurants.map((r) => [r.name, r] as const))("%s passes the restaurant form rules", (_, r) => {
    expect(r.name.length).toBeGreaterThanOrEqual(2);
    expect(r.name.length).toBeLessThanOrEqual(50);
    expect(r.description.length).toBeGreaterThanOrEqual(10);
    expect(r.description.length).toBeLessThanOrEqual(500);
    expect(r.address.length).toBeGreaterThanOrEqual(5);
    expect(r.address).toMatch(/^\d/);
    expect(r.city).toMatch(/^[A-Za-z -]+$/);
    expect(r.state).toMatch(/^[A-Z]{2}$/);
    expect(r.zip).toMatch(/^\d{5}$/);
    expect(PRICE_LEVELS).toContain(r.priceLevel);
    expect(Number.isInteger(r.deliveryFeeCents)).toBe(true);
    expect(r.deliveryFeeCents).toBeGreaterThanOrEqual(0);
    expect(r.deliveryFeeCents).toBeLessThanOrEqual(599);
    expect(r.deliveryTime).toBeGreaterThanOrEqual(15);
    expect(r.deliveryTime).toBeLessThanOrEqual(60);
    expect(r.businessHours).toContain(":");
    expect(r.closingTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    expect(r.closingTime >= "20:00" && r.closingTime <= "23:00").toBe(true);
    expect(closingFromHours(r.businessHours)).toBe(r.closingTime);
    expect([1, 2]).toContain(r.ownerId);
  });

  it.each(restaurants.map((r) => [r.name, r] as const))("%s has store images in all three sizes", (_, r) => {
    expect(r.storeImage).toMatch(/^\/images\/food\/[a-z0-9-]+\.webp$/);
    for (const p of [r.storeImage, variant(r.storeImage, "-sm"), variant(r.storeImage, "-lg")]) {
      expect(fs.existsSync(imageFile(p)), p).toBe(true);
    }
  });

  it("gives each owner several restaurants", () => {
    expect(restaurants.filter((r) => r.ownerId === 1).length).toBeGreaterThanOrEqual(5);
    expect(restaurants.filter((r) => r.ownerId === 2).length).toBeGreaterThanOrEqual(5);
  });
});

describe("menus", () => {
  it.each(restaurants.map((r) => [r.name, r] as const))("%s has 8-14 valid items of all four types", (_, r) => {
    expect(r.menu.length).toBeGreaterThanOrEqual(8);
    expect(r.menu.length).toBeLessThanOrEqual(14);
    expect(new Set(r.menu.map((m) => m.foodType))).toEqual(new Set(FOOD_TYPES));
    expect(new Set(r.menu.map((m) => m.name)).size).toBe(r.menu.length);
    for (const m of r.menu) {
      expect(m.name, m.name).toMatch(/^\p{L}+( \p{L}+)*$/u); // what the owner's edit form accepts (accents too)
      expect(m.description.length, m.name).toBeGreaterThanOrEqual(5);
      expect(Number.isInteger(m.priceCents) && m.priceCents > 0, m.name).toBe(true);
      expect(m.foodImage).toMatch(/^\/images\/food\/[a-z0-9-]+\.webp$/);
      expect(fs.existsSync(imageFile(m.foodImage)), m.foodImage).toBe(true);
      expect(fs.existsSync(imageFile(variant(m.foodImage, "-sm"))), m.foodImage).toBe(true);
    }
  });

  it("prices entrees in line with each restaurant's price level", () => {
    for (const r of restaurants) {
      const [low, high] = ENTREE_RANGE[r.priceLevel]!;
      for (const m of r.menu.filter((item) => item.foodType === "entree")) {
        expect(m.priceCents, `${r.name}: ${m.name}`).toBeGreaterThanOrEqual(low);
        expect(m.priceCents, `${r.name}: ${m.name}`).toBeLessThanOrEqual(high);
      }
    }
  });
});

describe("photo credits", () => {
  it("credits every image the seed uses, and only those", () => {
    const used = new Set(restaurants.flatMap((r) => [r.storeImage, ...r.menu.map((m) => m.foodImage)]));
    for (const p of used) expect(photoCreditFor(p), p).toBeDefined();
    expect(new Set(photoCredits.map((c) => c.file))).toEqual(used);
    for (const r of restaurants) expect(photoCreditFor(variant(r.storeImage, "-lg"))).toBeDefined();
  });

  it("names author, licence and link for every CC BY-SA photo", () => {
    for (const c of photoCredits.filter((credit) => credit.licence.includes("BY-SA"))) {
      expect(c.author.length).toBeGreaterThan(0);
      expect(c.licenceUrl).toBe("https://creativecommons.org/licenses/by-sa/4.0/");
      expect(c.attributionRequired).toBe(true);
      expect(c.modified).toMatch(/resized/i);
    }
  });

  it("ships the licence notes next to the images", () => {
    expect(fs.existsSync(path.join(PUBLIC, "images/food/LICENSE-AND-CREDITS.md"))).toBe(true);
  });
});

describe("past orders", () => {
  it("references real users, restaurants and menu items", () => {
    for (const o of pastOrders) {
      expect(demoUsers.map((u) => u.id)).toContain(o.userId);
      const r = restaurants[o.restaurantIndex];
      expect(r).toBeDefined();
      expect(r!.ownerId).not.toBe(o.userId);
      expect(o.items.length).toBeGreaterThan(0);
      for (const line of o.items) {
        expect(r!.menu[line.menuIndex]).toBeDefined();
        expect(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= 99).toBe(true);
      }
      expect([15, 20, 25, 30]).toContain(o.tipPercent);
      expect(o.daysAgo).toBeGreaterThan(0);
    }
  });

  it("gives each customer 3-6 orders, one of them still open to review", () => {
    for (const userId of [3, 4, 5]) {
      const mine = pastOrders.filter((o) => o.userId === userId);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.length).toBeLessThanOrEqual(6);
      expect(mine.some((o) => !o.review && o.status !== "Canceled")).toBe(true);
    }
    expect(pastOrders.filter((o) => o.userId === 1 || o.userId === 2).length).toBeGreaterThanOrEqual(2);
  });

  it("reviews about two thirds of orders, never a canceled one, with mostly good ratings", () => {
    const reviewed = pastOrders.filter((o) => o.review);
    expect(reviewed.length / pastOrders.length).toBeGreaterThanOrEqual(0.6);
    for (const o of reviewed) {
      expect(o.status).not.toBe("Canceled");
      const { review, orderRating, restaurantRating } = o.review!;
      expect(review.trim().length).toBeGreaterThan(0);
      for (const rating of [orderRating, restaurantRating]) {
        expect(Number.isInteger(rating) && rating >= 1 && rating <= 5).toBe(true);
      }
    }
    const low = reviewed.filter((o) => o.review!.orderRating <= 3 || o.review!.restaurantRating <= 3);
    expect(low.length).toBeGreaterThanOrEqual(1);
    expect(low.length).toBeLessThan(reviewed.length / 3);
    const rated = new Set(reviewed.map((o) => o.restaurantIndex));
    expect(rated.size).toBeGreaterThan(restaurants.length / 2);
  });

  it("computes totals from the checkout constants", () => {
    const t = orderTotals(pastOrders[0]!);
    expect(t.deliveryFeeCents).toBe(649);
    expect(t.totalCents).toBe(t.subtotalCents + t.deliveryFeeCents + t.priorityFeeCents + t.serviceFeeCents + t.tipCents);
    const priority = pastOrders.find((o) => o.deliveryOption === "priority")!;
    expect(orderTotals(priority).priorityFeeCents).toBe(149);
  });

  it("keeps a wallet ledger with running balances that never go negative", () => {
    const running = new Map<number, number>();
    for (const entry of walletLedger()) {
      const balance = (running.get(entry.userId) ?? 0) + entry.amountCents;
      expect(entry.balanceAfterCents).toBe(balance);
      expect(balance).toBeGreaterThanOrEqual(0);
      running.set(entry.userId, balance);
    }
    const refunds = walletLedger().filter((e) => e.kind === "refund");
    expect(refunds.length).toBeGreaterThanOrEqual(1);
  });

  it("likes each item at most once per user", () => {
    const keys = likes.map((l) => `${l.userId}:${l.restaurantIndex}:${l.menuIndex}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const l of likes) expect(restaurants[l.restaurantIndex]?.menu[l.menuIndex]).toBeDefined();
  });
});

describe("seedDatabase", () => {
  it("seeds an empty SQLite database once, keeping every invariant", async () => {
    const { default: Database } = await import("better-sqlite3");
    const { PrismaBetterSqlite3 } = await import("@prisma/adapter-better-sqlite3");
    const { PrismaClient } = await import("../lib/generated/prisma/client");

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nosh-seed-"));
    const file = path.join(dir, "seed.db");
    const raw = new Database(file);
    const migrations = path.join(ROOT, "prisma/migrations");
    for (const name of fs.readdirSync(migrations).sort()) {
      const sql = path.join(migrations, name, "migration.sql");
      if (fs.existsSync(sql)) raw.exec(fs.readFileSync(sql, "utf8"));
    }
    raw.close();

    const db = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${file}` }) });
    try {
      expect(await seedDatabase(db, { passwordHash: "not-a-real-hash" })).toEqual({ seeded: true });
      expect(await seedDatabase(db, { passwordHash: "not-a-real-hash" })).toEqual({ seeded: false });

      const menuItemCount = restaurants.reduce((n, r) => n + r.menu.length, 0);
      expect(await db.user.count()).toBe(demoUsers.length);
      expect(await db.restaurant.count()).toBe(restaurants.length);
      expect(await db.menuItem.count()).toBe(menuItemCount);
      expect(await db.order.count()).toBe(pastOrders.length);
      expect(await db.review.count()).toBe(pastOrders.filter((o) => o.review).length);
      expect(await db.like.count()).toBe(likes.length);

      const users = await db.user.findMany({ include: { walletTransactions: { orderBy: { id: "asc" } } } });
      const wallets = new Map((await db.ledgerAccount.findMany({ where: { kind: "wallet" } })).map((a) => [a.id, a.balanceCents]));
      for (const u of users) {
        expect(u.demoAccount).toBe(true);
        expect(u.walletTransactions[0]?.kind).toBe("signup");
        let balance = 0;
        for (const t of u.walletTransactions) {
          balance += t.amountCents;
          expect(t.balanceAfterCents).toBe(balance);
        }
        expect(wallets.get(`wallet:${u.id}`)).toBe(balance);
      }

      for (const r of await db.restaurant.findMany({ include: { reviews: true } })) {
        expect(r.numReviews).toBe(r.reviews.length);
        expect(r.ratingSum).toBe(r.reviews.reduce((s, v) => s + v.restaurantRating, 0));
      }
      for (const m of await db.menuItem.findMany({ include: { _count: { select: { likes: true } } } })) {
        expect(m.likeCount).toBe(m._count.likes);
      }
      for (const o of await db.order.findMany({ include: { orderItems: true, review: true } })) {
        expect(o.subtotalCents).toBe(o.orderItems.reduce((s, i) => s + i.priceCents * i.quantity, 0));
        expect(o.totalCents).toBe(o.subtotalCents + o.deliveryFeeCents + o.priorityFeeCents + o.serviceFeeCents + o.tipCents);
        expect(o.submittedAt?.getTime()).toBe(o.createdAt.getTime());
        expect(o.closedAt === null).toBe(statusOf(o.stage) === "Submitted");
        if (statusOf(o.stage) === "Canceled") expect(o.review).toBeNull();
        for (const i of o.orderItems) expect(i.restaurantId).toBe(o.restaurantId);
      }

      // AUTOINCREMENT carries on after the explicit ids.
      const created = await db.user.create({ data: { firstName: "Later" } });
      expect(created.id).toBe(demoUsers.length + 1);
    } finally {
      await db.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("demo opening hours", () => {
  const now = new Date();
  it("keeps the restaurants the e2e tests order from open at any hour", () => {
    for (let i = 0; i < ALWAYS_OPEN_DEMO_RESTAURANTS; i++) {
      const opening = { timeZone: "America/Los_Angeles", hours: demoOpeningHours(i, restaurants[i]!), closures: [] };
      for (let hour = 0; hour < 24 * 7; hour++) expect(isOpenAt(opening, new Date(now.getTime() + hour * 3_600_000))).toBe(true);
    }
  });

  it("gives the others real-looking hours that the owner form's rules accept: some split, one closed on Mondays", () => {
    const all = restaurants.map((r, i) => demoOpeningHours(i, r));
    for (const hours of all) expect(weeklyHoursSchema.safeParse(hours).success).toBe(true);
    expect(all.some((h) => h.tue.length === 2)).toBe(true);
    expect(all.some((h) => h.mon.length === 0 && h.tue.length > 0)).toBe(true);
  });
});
