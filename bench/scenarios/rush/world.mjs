// The dinner rush's city (`npm run bench -- --rush`): seeded by prisma/seed-scale.ts's options
// (citySeed), then made ready through the API as its people would: owners, customers, long-history
// customers and couriers signed in; each buyer's card saved and wallet topped up; a third of the
// restaurants on auto-accept, a promotion code on each; the couriers on shift where they stand.
// The fleet: COURIERS_FREE couriers (their apps stream; parked at restaurants) take the rush's jobs;
// the others are on shift carrying no job and not taking offers (they let 3 run out, as a courier
// on a break does: CourierState.expiredStreak, the only row the bench writes), and report positions.

import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { signInWithPassword } from "../../client.mjs";
import { request } from "./http.mjs";

/**
 * The restaurants' time zone where it is DINNER_HOUR now (an Etc/GMT zone: its sign is inverted),
 * so that the rush finds them open and its scheduled orders inside their hours, whenever it runs.
 */
const DINNER_HOUR = 18;
export function dinnerTimeZone(now = new Date()) {
  let offset = (DINNER_HOUR - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/** prisma/cli.ts seed's sizes for the city. */
export const citySeed = () => [
  ...["--scale", "3", "--restaurants", "500", "--customers", "50000", "--orders", "200000"],
  ...["--long-customers", "1000", "--long-orders", "100", "--couriers", "1000", "--time-zone", dinnerTimeZone()],
];
const BUYERS = Number(process.env.BENCH_RUSH_BUYERS ?? 500);
const LONG_SIGNED_IN = 200;
const COURIERS_FREE = 200;
const QUIET = 20;

/** `?` statements on the rush's database, outside the server (SQLite file or PostgreSQL URL). */
export async function openDb({ dataDir, databaseUrl }) {
  if (databaseUrl) {
    // A connection a statement: the set-up's minutes of HTTP between two statements leave none idle
    // (one kept open was cut mid-set-up in the first run: "Connection terminated unexpectedly").
    return {
      all: async (text, params = []) => {
        const client = new pg.Client({ connectionString: databaseUrl });
        client.on("error", () => {});
        await client.connect();
        try {
          let n = 0;
          return (
            await client.query(
              text.replace(/\?/g, () => `$${++n}`),
              params,
            )
          ).rows;
        } finally {
          await client.end().catch(() => {});
        }
      },
      close: async () => {},
    };
  }
  const sqlite = new Database(path.join(dataDir, "nosh.db"));
  sqlite.pragma("busy_timeout = 10000");
  return {
    all: async (text, params = []) => {
      const statement = sqlite.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    },
    close: () => sqlite.close(),
  };
}

async function inBatches(items, size, work) {
  const out = [];
  // `work(item, index)`: the index in `items` (a batch's own index made every courier "free").
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  return out;
}

const must = async (answer, what) => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.text ? JSON.parse(answer.text) : null;
};

const metres = (a, b) => Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 88_000);

/** Reads the city's rows and readies its people through the API at `base`: the world the steps drive. */
export async function readyCity(base, db) {
  const restaurantRows = await db.all(
    `SELECT r."id", r."lat", r."lng", r."servicing", u."email" FROM "Restaurant" r JOIN "User" u ON u."id" = r."ownerId" WHERE u."email" LIKE 'owner%@scale.example.com' ORDER BY r."id"`,
  );
  const ids = restaurantRows.map((r) => r.id);
  const itemRows = await db.all(
    `SELECT m."id", m."restaurantId" FROM "MenuItem" m WHERE m."restaurantId" >= ? AND NOT EXISTS (SELECT 1 FROM "OptionGroup" g WHERE g."menuItemId" = m."id" AND g."minChoices" > 0) ORDER BY m."id"`,
    [Math.min(...ids)],
  );
  const itemsOf = new Map();
  for (const row of itemRows) (itemsOf.get(row.restaurantId) ?? itemsOf.set(row.restaurantId, []).get(row.restaurantId)).push(row.id);
  const ownerEmails = [...new Set(restaurantRows.map((r) => r.email))];
  const owners = await inBatches(ownerEmails, 20, async (email) => ({ email, auth: await signInWithPassword(base, email) }));
  const ownerIndex = new Map(owners.map((o, i) => [o.email, i]));
  const restaurants = restaurantRows
    // Taking orders (a twentieth of the seeded ones are not), with two dishes a checkout can take.
    .filter((r) => Boolean(r.servicing) && (itemsOf.get(r.id) ?? []).length >= 2)
    .map((r, i) => ({ id: r.id, lat: r.lat, lng: r.lng, owner: ownerIndex.get(r.email), items: itemsOf.get(r.id), autoAccept: i % 3 === 0, promo: "RUSH10" }));
  // The quiet restaurants (the last QUIET) take the kitchen pauses and sold-out dishes, no checkouts.
  const quiet = restaurants.splice(restaurants.length - QUIET, QUIET);
  await inBatches(restaurants, 10, async (r) => {
    const auth = owners[r.owner].auth;
    if (r.autoAccept) await must(await request(base, "PUT", `/api/manage/${r.id}/kitchen`, { auth, body: { autoAccept: true } }), "auto-accept");
    await must(
      await request(base, "POST", `/api/manage/${r.id}/promotions`, { auth, body: { code: r.promo, kind: "percent", value: 10, perCustomerLimit: null } }),
      "promotion",
    );
  });

  // Buyers: customers with a short history, each ordering from one of the restaurants nearest them.
  const customerRows = await db.all(`SELECT "id", "email", "lat", "lng" FROM "User" WHERE "email" LIKE 'customer%@scale.example.com' ORDER BY "id" LIMIT ?`, [BUYERS]);
  const buyers = await inBatches(customerRows, 10, async (c, i) => {
    const auth = await signInWithPassword(base, c.email);
    const nearest = restaurants
      .map((r, index) => ({ index, d: metres(c, r) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 3);
    const card = await must(
      await request(base, "POST", "/api/test-provider/payment-methods", {
        body: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", postalCode: "94103" },
      }),
      "card",
    );
    await must(await request(base, "POST", "/api/payment-methods", { auth, body: { paymentMethodId: card.id ?? card.paymentMethodId } }), "save card");
    await must(await request(base, "PUT", `/api/users/wallet/${c.id}`, { auth, body: { amount: 2000 } }), "wallet");
    return { userId: c.id, auth, restaurant: nearest[i % nearest.length].index };
  });

  // Long histories: signed in for the personal reads and the signed-in pages; their past orders watched.
  const longRows = await db.all(`SELECT "id", "email" FROM "User" WHERE "email" LIKE 'long%@scale.example.com' ORDER BY "id" LIMIT ?`, [LONG_SIGNED_IN]);
  const long = await inBatches(longRows, 20, async (l) => {
    const orders = await db.all(`SELECT "id" FROM "Order" WHERE "userId" = ? ORDER BY "id" DESC LIMIT 5`, [l.id]);
    return { userId: l.id, auth: await signInWithPassword(base, l.email), orderIds: orders.map((o) => o.id) };
  });

  // The fleet, on shift where each stands: the free ones at a restaurant each.
  const courierRows = await db.all(`SELECT "id", "email", "lat", "lng" FROM "User" WHERE "email" LIKE 'courier%@scale.example.com' ORDER BY "id"`);
  const couriers = await inBatches(courierRows, 20, async (c, i) => {
    const auth = await signInWithPassword(base, c.email);
    const free = i < COURIERS_FREE;
    const r = restaurants[(i * 7) % restaurants.length];
    const at = free ? { lat: r.lat, lng: r.lng } : { lat: c.lat, lng: c.lng };
    await must(await request(base, "PUT", "/api/courier/shift", { auth, body: { onShift: true } }), "shift");
    await must(await request(base, "POST", "/api/courier/position", { auth, body: { ...at, accuracy: 8 } }), "position");
    return { id: c.id, auth, free, at, lastReport: 0 };
  });
  const busy = couriers.filter((c) => !c.free).map((c) => c.id);
  for (let i = 0; i < busy.length; i += 500) {
    const chunk = busy.slice(i, i + 500);
    await db.all(`UPDATE "CourierState" SET "expiredStreak" = 3 WHERE "userId" IN (${chunk.map(() => "?").join(",")})`, chunk);
  }

  const someRestaurants = restaurants.filter((_, i) => i % 5 === 0);
  const dish = (r, n) => r.items[n % r.items.length];
  const addresses = ["100 Market Street, San Francisco, CA 94105", "500 Valencia Street, San Francisco, CA 94110", "1 Ferry Building, San Francisco, CA 94111"];
  // Interleaved so that each kind of page (or read) gets its share of the rate.
  const searches = ["pizza", "curry", "tacos", "noodles"];
  const pages = someRestaurants
    .slice(0, 40)
    .flatMap((r, k) => [
      "/",
      `/home?address=${encodeURIComponent(addresses[k % addresses.length])}`,
      `/restaurants/${r.id}`,
      `/menu-items/${dish(r, k)}`,
      `/search?q=${searches[k % searches.length]}`,
    ]);
  const catalog = someRestaurants.slice(0, 40).flatMap((r) => ["/api/restaurants?limit=20", `/api/restaurants/${r.id}`, `/api/menu-items?restaurantId=${r.id}`]);
  return { restaurants, quiet, owners, buyers, long, couriers, pages, catalog };
}
