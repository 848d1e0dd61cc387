// Personal lists: a customer's orders (GET /api/orders) and their restaurant owner's
// lists (GET /api/manage/{id}/orders, GET /api/manage/{id}/board) for an account with
// BENCH_LIST_ORDERS (default 1,000) orders, each judged against the bare handler measured in the
// same run: at least 0.5x its rate, a p99 at most 2x its p99, no errors (targets.mjs
// TARGETS.listRatio, listP99Ratio). A page of orders must cost what a page costs, whatever the
// history behind it (lib/server/orders/read.ts, incoming.ts; their plans are pinned by
// lib/server/orders/order-lists.test.ts).
//
// The history is written straight into the seeded SQLite file before the server starts (as the
// couriers scenario writes its fleet), not placed through 1,000 checkouts: one demo customer,
// BENCH_LIST_ORDERS orders at RESTAURANT one minute apart (delivered, each with a line and its
// placed and delivered events; the newest 20 still placed, so the owner's lists have open orders).
// Run by the default run at each scale (scenarios/pages-and-reads.mjs), or alone with
// `npm run bench -- --lists` (scale 1: the bare handler, then the three lists).

import path from "node:path";
import Database from "better-sqlite3";
import { buildBaseline, loadBare } from "../bare.mjs";
import { signInAs, warmUp } from "../client.mjs";
import { beforePhase, stateLine } from "../machine-state.mjs";
import { fmt, machine, machineLine, printColumns, writeResults } from "../report.mjs";
import { NOSH_FLAGS, loadWithCpu, seedAt, startNext, stopServer } from "../servers.mjs";
import { CONNECTIONS, RESTAURANT, ROOT, SECONDS } from "../settings.mjs";
import { TARGETS, judgeScales } from "../targets.mjs";

export const LIST_ORDERS = Number(process.env.BENCH_LIST_ORDERS ?? 1000);
const OPEN_ORDERS = 20;

/**
 * Writes the list account into the seeded database in `dataDir`: a demo customer with LIST_ORDERS
 * orders at RESTAURANT, and RESTAURANT's owner made a demo account (so the bench signs in as
 * them). Returns { customerId, ownerId }.
 */
export function seedListHistory(dataDir) {
  const db = new Database(path.join(dataDir, "nosh.db"));
  const iso = (ms) => new Date(ms).toISOString().replace("Z", "+00:00");
  const now = Date.now();
  const restaurant = db.prepare(`SELECT "id", "name", "ownerId" FROM "Restaurant" WHERE "id" = ?`).get(RESTAURANT);
  const dish = db.prepare(`SELECT "id", "name", "priceCents" FROM "MenuItem" WHERE "restaurantId" = ? ORDER BY "id" LIMIT 1`).get(RESTAURANT);
  const user = db.prepare(
    `INSERT INTO "User" ("firstName", "lastName", "email", "demoAccount", "lat", "lng", "address", "city", "state", "zip", "createdAt", "updatedAt")
     VALUES ('Lister', 'Bench', 'bench.lists@example.com', 1, 37.79, -122.39, '1 Market Street', 'San Francisco', 'CA', '94105', ?, ?)`,
  );
  const order = db.prepare(
    `INSERT INTO "Order" ("userId", "restaurantId", "restaurantName", "subtotalCents", "deliveryFeeCents", "tipCents", "totalCents", "deliveryOption", "paymentMethod", "stage", "createdAt", "updatedAt", "submittedAt", "acceptedAt", "closedAt")
     VALUES (?, ?, ?, ?, 299, 200, ?, 'standard', 'wallet', ?, ?, ?, ?, ?, ?)`,
  );
  const line = db.prepare(`INSERT INTO "OrderItem" ("orderId", "menuItemId", "name", "priceCents", "restaurantId", "quantity") VALUES (?, ?, ?, ?, ?, 1)`);
  const event = db.prepare(`INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "at") VALUES (?, ?, ?, ?, ?)`);
  let customerId = 0;
  db.transaction(() => {
    customerId = Number(user.run(iso(now), iso(now)).lastInsertRowid);
    for (let i = 0; i < LIST_ORDERS; i++) {
      // Oldest first, one a minute; the newest OPEN_ORDERS placed a few seconds apart (not yet overdue).
      const open = i >= LIST_ORDERS - OPEN_ORDERS;
      const at = open ? now - (LIST_ORDERS - i) * 1000 : now - (LIST_ORDERS - i) * 60_000 - OPEN_ORDERS * 1000;
      const stage = open ? "placed" : "delivered";
      const orderId = Number(
        order.run(
          customerId,
          RESTAURANT,
          restaurant.name,
          dish.priceCents,
          dish.priceCents + 499,
          stage,
          iso(at),
          iso(at),
          iso(at),
          open ? null : iso(at),
          open ? null : iso(at + 1_800_000),
        ).lastInsertRowid,
      );
      line.run(orderId, dish.id, dish.name, dish.priceCents, RESTAURANT);
      event.run(orderId, customerId, RESTAURANT, "placed", iso(at));
      if (!open) event.run(orderId, customerId, RESTAURANT, "delivered", iso(at + 1_800_000));
    }
    db.prepare(`UPDATE "User" SET "demoAccount" = 1 WHERE "id" = ?`).run(restaurant.ownerId);
  })();
  db.close();
  return { customerId, ownerId: restaurant.ownerId };
}

/** The list rows (`list: true`) for the customer and the owner seedListHistory wrote, signed in on `base`. */
export async function listEndpoints(base, history) {
  const customer = await signInAs(base, history.customerId);
  const owner = await signInAs(base, history.ownerId);
  const endpoints = [
    { name: `GET /api/orders (a customer with ${LIST_ORDERS} orders)`, key: "list /api/orders", path: "/api/orders", cookie: customer.cookie },
    { name: `GET /api/manage/${RESTAURANT}/orders (its owner)`, key: "list /api/manage/orders", path: `/api/manage/${RESTAURANT}/orders`, cookie: owner.cookie },
    { name: `GET /api/manage/${RESTAURANT}/board (its owner)`, key: "list /api/manage/board", path: `/api/manage/${RESTAURANT}/board`, cookie: owner.cookie },
  ];
  for (const e of endpoints) {
    const answer = await fetch(base + e.path, { headers: { cookie: e.cookie } });
    const body = await answer.json().catch(() => null);
    if (answer.status !== 200 || !Array.isArray(body?.orders) || body.orders.length === 0)
      throw new Error(`${e.name} answered ${answer.status}: ${JSON.stringify(body).slice(0, 200)}`);
  }
  return endpoints.map((e) => ({ ...e, list: true, headers: { cookie: e.cookie } }));
}

/** Loads one list row on `nosh` after a warm-up and the machine's sample: the row with its state. */
export async function loadListRow(nosh, e) {
  const url = nosh.base + e.path;
  await warmUp(url, e.headers);
  const state = await beforePhase(e.name);
  process.stdout.write(`  ${e.name} ... `);
  const r = await loadWithCpu(nosh, { mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers: e.headers });
  console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.errors} errors, ${r.cpuPerRequest.toFixed(2)} ms CPU`);
  return { name: e.name, key: e.key, path: e.path, list: true, state, ...r };
}

/** `--lists`: scale 1 with the list account, the bare handler, then the three lists, judged. */
export async function runPersonalLists() {
  const { dataDir } = seedAt(1);
  const history = seedListHistory(dataDir);
  const baseline = await startNext("baseline", buildBaseline(), {}, "/api/constant", [], {});
  let handler;
  try {
    const state = await beforePhase("bare handler");
    ({ handler } = await loadBare(baseline, 60, ["handler"]));
    handler.state = state;
  } finally {
    await stopServer(baseline);
  }
  const nosh = await startNext("nosh-lists", ROOT, { DATA_DIR: dataDir, DATABASE_URL: "", BCRYPT_COST: "4", NOSH_SEED: "false" }, "/api/auth/", NOSH_FLAGS);
  const rows = [];
  try {
    for (const e of await listEndpoints(nosh.base, history)) rows.push(await loadListRow(nosh, e));
  } finally {
    await stopServer(nosh);
  }
  const run = { scale: 1, rows, bare: { handler }, memory: { idle: { rssMb: null }, after: { rssMb: null } } };
  const targets = judgeScales([run]).filter((t) => t.state !== null);
  const info = machine();
  console.log(`\npersonal lists, ${LIST_ORDERS} orders behind each; ${SECONDS} s a row, ${CONNECTIONS} connections; ${machineLine(info)}`);
  console.log(`bare handler: ${fmt(handler.requestsPerSec)} req/s, p99 ${fmt(handler.p99)} ms, ${fmt(handler.cpuPerRequest, 2)} ms CPU/req; ${stateLine(handler.state)}`);
  printColumns(
    ["list", "req/s", "p99 ms", "errors", "ms CPU/req", "x bare", "p99 x bare", "verdict"],
    rows.map((r) => [r.name, fmt(r.requestsPerSec), fmt(r.p99), String(r.errors), fmt(r.cpuPerRequest, 2), fmt(r.ratio, 2), fmt(r.p99Ratio, 2), r.verdict]),
    (i) => i === 0 || i === 7,
  );
  console.log(`targets: >= ${TARGETS.listRatio}x the bare handler's rate, p99 <= ${TARGETS.listP99Ratio}x its p99, 0 errors`);
  writeResults(
    {
      date: new Date().toISOString(),
      settings: { seconds: SECONDS, connections: CONNECTIONS, orders: LIST_ORDERS },
      machine: info,
      targets: TARGETS,
      handler,
      rows,
      targetResults: targets,
    },
    "lists-",
  );
}
