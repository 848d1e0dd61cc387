// A placement's cost in a seeded database, outside the server (docs/log/2026-11-28.md):
//   DATA_DIR=<a seeded data folder> tsx --conditions=react-server scripts/checkout-profile.ts [ROUNDS]
// (add `node --cpu-prof` through NODE_OPTIONS for a profile). Readies a few customers as the
// rush does (a promotion code at their restaurant, a wallet topped up), then places ROUNDS orders
// (default 40: wallet and card, a quarter with the code, as bench/scenarios/rush/deliveries.mjs
// sends them) through the POST /api/orders route's own path (payAndPlace around placeOrder in one
// transaction), and prints each placement's time and every SQL statement's time, summed by text,
// with the query plan of the costliest. SQLite only (the statements are timed on better-sqlite3).
import Database from "better-sqlite3";
import { performance } from "node:perf_hooks";

type Timing = { count: number; totalMs: number; maxMs: number };
const timings = new Map<string, Timing>();
/** Every statement text run while recording, with its worst time: PLANS=1 prints the plans that read more than they look up. */
const everyStatement = new Map<string, number>();
let recording = false;

// Every statement better-sqlite3 runs, timed by its text: the app's kept statements and Prisma's alike.
const proto = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as Record<string, unknown>;
for (const method of ["run", "get", "all", "iterate"] as const) {
  const original = proto[method] as (...args: unknown[]) => unknown;
  proto[method] = function (this: { source: string }, ...args: unknown[]) {
    if (!recording) return original.apply(this, args);
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const ms = performance.now() - started;
      const t = timings.get(this.source) ?? { count: 0, totalMs: 0, maxMs: 0 };
      t.count++;
      t.totalMs += ms;
      t.maxMs = Math.max(t.maxMs, ms);
      timings.set(this.source, t);
      everyStatement.set(this.source, Math.max(everyStatement.get(this.source) ?? 0, ms));
    }
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  process.env.DATABASE_URL = "";
  const rounds = Number(process.argv[2] ?? 40);
  const { db } = await import("@/lib/server/platform/db");
  const { sqlTransaction } = await import("@/lib/server/platform/sql");
  const { placeOrder, quotePlacement } = await import("@/lib/server/orders/place");
  const { payAndPlace } = await import("@/lib/server/orders/pay-and-place");
  const { orderToJson } = await import("@/lib/server/orders/to-json");
  const { createPromotion } = await import("@/lib/server/promotions/manage");
  const { topUpWallet } = await import("@/lib/server/wallet/wallet");
  const { promotionInputSchema } = await import("@/lib/contract/promotions/rules");
  const { placeOrderSchema } = await import("@/lib/contract/orders/rules");

  const omit = { passwordHash: true } as const;
  // The rush's buyers (the seed's customers), else the demo's (a small seed).
  let customers = await db.user.findMany({ where: { email: { startsWith: "customer", endsWith: "@scale.example.com" } }, omit, orderBy: { id: "asc" }, take: rounds });
  if (!customers.length)
    customers = await db.user.findMany({
      where: { restaurantOwner: false, courier: false, operator: false, guestAccount: false, address: { not: null } },
      omit,
      orderBy: { id: "asc" },
      take: rounds,
    });
  // Restaurants taking orders with two dishes that need no choice: the rush's first ones.
  const restaurants = await db.restaurant.findMany({
    where: { servicing: true, suspendedAt: null, pausedUntil: null, menuItems: { some: { optionGroups: { none: { minChoices: { gt: 0 } } } } } },
    select: {
      id: true,
      ownerId: true,
      owner: { select: { guestAccount: true } },
      menuItems: { where: { optionGroups: { none: { minChoices: { gt: 0 } } } }, select: { id: true }, take: 3 },
    },
    orderBy: { id: "desc" },
    take: 8,
  });
  for (const r of restaurants) {
    if (!(await db.promotion.findFirst({ where: { restaurantId: r.id, code: "RUSH10", deletedAt: null } })))
      await createPromotion(
        { id: r.ownerId, guestAccount: r.owner.guestAccount },
        r.id,
        promotionInputSchema.parse({ code: "RUSH10", kind: "percent", value: 10, perCustomerLimit: null }),
      );
  }
  const { tokenize } = await import("@/lib/server/payments/providers/test/provider");
  const { saveCard } = await import("@/lib/server/payments/methods");
  for (const c of customers) {
    await topUpWallet(c, c.id, 200_000);
    const card = await tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", postalCode: "94103" } as Parameters<typeof tokenize>[0]);
    await saveCard(c, { paymentMethodId: card.id });
  }

  const placements: number[] = [];
  const placed: { orderId: number; restaurant: (typeof restaurants)[number] }[] = [];
  const fleet = process.env.PATH_STEPS ? await readyFleet(db, restaurants) : [];
  const failures = new Map<string, number>();
  for (let n = 0; n < rounds; n++) {
    const user = customers[n % customers.length]!;
    const r = restaurants[n % restaurants.length]!;
    const items = [{ menuItemId: r.menuItems[n % r.menuItems.length]!.id, quantity: 1 }];
    if (n % 3 === 0 && r.menuItems.length > 1) items.push({ menuItemId: r.menuItems[(n + 1) % r.menuItems.length]!.id, quantity: 2 });
    const body = placeOrderSchema.parse({
      restaurantId: r.id,
      items,
      submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod: n % 2 ? "card" : "wallet", ...(n % 4 === 1 ? { promoCode: "RUSH10" } : {}) },
    });
    const { submit } = body;
    recording = n >= 2; // the first two warm the kept statements and the modules
    const started = process.cpuUsage();
    try {
      const answer = await payAndPlace(
        user,
        submit!,
        { fields: "submit.", returnPath: "/checkout" },
        async () => (await sqlTransaction((sql) => quotePlacement(sql, user, { cart: body }, submit!))).totalCents,
        (payment) => sqlTransaction(async (sql) => ({ status: 201, body: orderToJson(await placeOrder(sql, user, { cart: body }, submit!, payment)) })),
      );
      placed.push({ orderId: (answer.body as { id: number }).id, restaurant: r });
      const cpu = process.cpuUsage(started);
      if (recording) placements.push((cpu.user + cpu.system) / 1000);
    } catch (error) {
      const key = String((error as Error).message).slice(0, 120);
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
    recording = false;
  }
  let measured = placements.length;
  console.log(`placements: ${measured} measured, median ${median(placements).toFixed(2)} ms CPU, max ${Math.max(...placements).toFixed(2)} ms`);
  if (failures.size) console.log("refused:", Object.fromEntries(failures));
  if (process.env.PATH_STEPS) {
    // The rest of each order's path, as the rush's checkout takes it: accept, ready, the offer, the courier's steps.
    const { moveOrderStage } = await import("@/lib/server/orders/owner-stage");
    const { acceptJob } = await import("@/lib/server/courier-steps/accept");
    const { arrivedAtPickup } = await import("@/lib/server/courier-steps/arrived");
    const { pickedUp } = await import("@/lib/server/courier-steps/picked-up");
    const { deliveredJob } = await import("@/lib/server/courier-steps/delivered");
    const { reportPositions } = await import("@/lib/server/dispatch/positions");
    const { dispatchTick } = await import("@/lib/server/dispatch/tick");
    const steps = new Map<string, number[]>();
    const byStep = new Map<string, Map<string, Timing>>();
    const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      timings.clear();
      recording = true;
      const started = process.cpuUsage();
      try {
        return await work();
      } finally {
        recording = false;
        const cpu = process.cpuUsage(started);
        (steps.get(name) ?? steps.set(name, []).get(name)!).push((cpu.user + cpu.system) / 1000);
        const kept = byStep.get(name) ?? byStep.set(name, new Map()).get(name)!;
        for (const [text, t] of timings) {
          const k = kept.get(text) ?? { count: 0, totalMs: 0, maxMs: 0 };
          k.count += t.count;
          k.totalMs += t.totalMs;
          k.maxMs = Math.max(k.maxMs, t.maxMs);
          kept.set(text, k);
        }
      }
    };
    for (const { orderId, restaurant: r } of placed) {
      const owner = { id: r.ownerId, guestAccount: false };
      try {
        await step("accept", () => moveOrderStage(owner, r.id, orderId, { stage: "accepted", prepMinutes: 5 }));
        await step("ready", () => moveOrderStage(owner, r.id, orderId, { stage: "ready" }));
        await step("dispatch tick", () => dispatchTick());
        const job = await db.deliveryJob.findUnique({ where: { orderId } });
        const courier = fleet.find((c) => c.id === job?.courierId);
        if (!job || !courier) throw new Error(`no offer for order ${orderId}: job ${JSON.stringify(job?.state)}`);
        // The courier's stops confirmed (a position across town in a second is dropped as implausible): the same steps, flagged.
        await step("courier accept", () => acceptJob(courier, job.id));
        await step("arrived", () => arrivedAtPickup(courier, job.id, new Date(), true));
        await step("picked up", () => pickedUp(courier, job.id, new Date(), { confirm: true }));
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await step("position", () => reportPositions(courier, [{ lat: job.pickupLat + 0.0001, lng: job.pickupLng, accuracy: 8 }]));
        await step("delivered", () => deliveredJob(courier, job.id, new Date(), true));
      } catch (error) {
        console.log(`  order ${orderId}: ${String((error as Error).message).slice(0, 160)}`);
      }
    }
    for (const [name, ms] of steps) {
      console.log(`step ${name}: median ${median(ms).toFixed(2)} ms CPU, max ${Math.max(...ms).toFixed(2)} ms (${ms.length})`);
      const rows = [...byStep.get(name)!.entries()].sort((a, b) => b[1].totalMs - a[1].totalMs).slice(0, Number(process.env.STEP_TOP ?? 3));
      for (const [text, t] of rows)
        console.log(`    ${(t.totalMs / ms.length).toFixed(3)} ms a step (max ${t.maxMs.toFixed(2)}): ${text.replace(/\s+/g, " ").slice(0, 220)}`);
    }
  }
  if (process.env.EDITS) {
    // The rush's menu edits (rush/drive.mjs): a dish's description changed by its owner, as PUT /api/menu-items/{id} does.
    const { updateMenuItem } = await import("@/lib/server/menu/owner-menu");
    const { menuItemUpdateSchema } = await import("@/lib/contract/menu/rules");
    const edits: number[] = [];
    timings.clear();
    for (let n = 0; n < Number(process.env.EDITS); n++) {
      const r = restaurants[n % restaurants.length]!;
      const input = menuItemUpdateSchema.parse({ description: `Tonight's special, edit ${n} of the rush` });
      recording = n >= 2;
      const started = process.cpuUsage();
      await updateMenuItem({ id: r.ownerId, guestAccount: false }, r.menuItems[n % r.menuItems.length]!.id, input);
      const cpu = process.cpuUsage(started);
      if (recording) edits.push((cpu.user + cpu.system) / 1000);
      recording = false;
    }
    measured = edits.length;
    console.log(`menu edits: ${edits.length} measured, median ${median(edits).toFixed(2)} ms CPU, max ${Math.max(...edits).toFixed(2)} ms`);
  }
  if (process.env.JOBS) {
    // Each background job's pass, timed (with the orders just placed waiting): JOBS=1.
    timings.clear();
    measured = 1;
    const { jobDefinitions } = await import("@/lib/server/jobs/definitions");
    for (const job of jobDefinitions) {
      if (!("run" in job) || (job.enabled && !job.enabled())) continue;
      if (process.env.JOB_ONLY && !process.env.JOB_ONLY.split(",").includes(job.id)) continue;
      const started = performance.now();
      const cpu = process.cpuUsage();
      recording = true;
      try {
        await job.run(new Date());
      } catch (error) {
        console.log(`  job ${job.id} failed: ${String(error).slice(0, 200)}`);
      }
      recording = false;
      const used = process.cpuUsage(cpu);
      console.log(`job ${job.id}: ${(performance.now() - started).toFixed(2)} ms, ${((used.user + used.system) / 1000).toFixed(2)} ms CPU (${job.cadence.label})`);
    }
  }
  const rows = [...timings.entries()].sort((a, b) => b[1].totalMs - a[1].totalMs);
  const total = rows.reduce((n, [, t]) => n + t.totalMs, 0);
  console.log(`SQL: ${(total / Math.max(1, measured)).toFixed(2)} ms a placement over ${rows.length} statements`);
  const raw = new Database(`${process.env.DATA_DIR}/nosh.db`, { readonly: true });
  for (const [text, t] of rows.slice(0, Number(process.env.TOP ?? 12))) {
    console.log(
      `\n${(t.totalMs / Math.max(1, measured)).toFixed(3)} ms a placement (${t.count} runs, max ${t.maxMs.toFixed(2)} ms): ${text.replace(/\s+/g, " ").slice(0, 400)}`,
    );
    try {
      const plan = raw.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...Array.from({ length: (text.match(/\?/g) ?? []).length }, () => null)) as { detail: string }[];
      console.log(plan.map((p) => `    ${p.detail}`).join("\n"));
    } catch {
      // a statement with no plan (BEGIN, COMMIT, PRAGMA)
    }
  }
  if (process.env.PLANS) {
    // A plan that scans a table, or searches by an index's first column alone where that column is a
    // low-cardinality one (an account, a state): the statements whose cost grows with the history.
    const plans = new Database(`${process.env.DATA_DIR}/nosh.db`, { readonly: true });
    for (const [text, maxMs] of everyStatement) {
      let plan: { detail: string }[];
      try {
        plan = plans.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...Array.from({ length: (text.match(/\?/g) ?? []).length }, () => null)) as { detail: string }[];
      } catch {
        continue;
      }
      const suspicious = plan.filter((p) => /^SCAN (?!.*VALUES|CONSTANT)/.test(p.detail) || /\((account|state|stage|channel|kind)=\?\)/.test(p.detail));
      if (suspicious.length)
        console.log(`\n[max ${maxMs.toFixed(2)} ms] ${text.replace(/\s+/g, " ").slice(0, 300)}\n${suspicious.map((p) => `    ${p.detail}`).join("\n")}`);
    }
  }
  await db.$disconnect();
}

/** The rush's fleet (world.mjs): every courier on shift; 200 free ones parked at the restaurants, the rest on a break. */
async function readyFleet(db: typeof import("@/lib/server/platform/db").db, restaurants: { id: number }[]) {
  const { setShift } = await import("@/lib/server/dispatch/state");
  const { reportPositions } = await import("@/lib/server/dispatch/positions");
  const couriers = await db.user.findMany({
    where: { courier: true, courierStatus: "approved" },
    select: { id: true, firstName: true, lat: true, lng: true },
    orderBy: { id: "asc" },
  });
  const places = await db.restaurant.findMany({ where: { id: { in: restaurants.map((r) => r.id) } }, select: { lat: true, lng: true } });
  const free = Math.min(200, couriers.length);
  for (const [i, c] of couriers.entries()) {
    await setShift(c, true);
    const at = i < free ? places[i % places.length]! : { lat: c.lat ?? places[0]!.lat, lng: c.lng ?? places[0]!.lng };
    await reportPositions(c, [{ lat: at.lat!, lng: at.lng!, accuracy: 8 }]);
  }
  const busy = couriers.slice(free).map((c) => c.id);
  if (busy.length) await db.courierState.updateMany({ where: { userId: { in: busy } }, data: { expiredStreak: 3 } });
  console.log(`fleet: ${couriers.length} couriers on shift, ${free} free`);
  return couriers.slice(0, free);
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
