import path from "node:path";
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The background jobs (definitions/, runner.ts) against a real, migrated database: what each
// declares, the runner's one pass at a time, every job run twice at once, and the work of the
// hourly guests' pruning and the order expiry.

setUpTestDatabase();
const { db } = await import("../platform/db");
const { pruneGuests } = await import("../accounts/prune-guests");
const { jobDefinitions } = await import("./definitions");
const { jobsOf, runJob } = await import("./runner");
const { isTimed } = await import("./job");

const DAY = 24 * 3600 * 1000;
const now = new Date("2026-11-22T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe("the job definitions", () => {
  it("each names the folder doing the work, what it does, its cadence and its rule for running once across instances", () => {
    const ids = jobDefinitions.map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["orders.expire", "payouts.send", "problems.escalate", "dispatch.tick", "notifications.deliver"]));
    for (const job of jobDefinitions) {
      expect(existsSync(path.join(import.meta.dirname, "..", job.id.split(".")[0]!)), job.id).toBe(true);
      expect(job.does.length, job.id).toBeGreaterThan(20);
      expect(job.once.length, job.id).toBeGreaterThan(20);
      expect(job.cadence.label.length, job.id).toBeGreaterThan(5);
      expect(job.cadence.everyMs(), job.id).toBeGreaterThanOrEqual(100);
    }
  });

  it("the job process runs every job but those whose work waits in the web process's memory, which runs only those; inline runs all", () => {
    const ids = (set: "all" | "web" | "background") => jobsOf(set).map((job) => job.id);
    expect(ids("web").sort()).toEqual(["dispatch.courier-simulator", "dispatch.flush-positions"]);
    expect(ids("background")).toEqual(expect.arrayContaining(["dispatch.tick", "orders.expire", "notifications.deliver", "webhooks.deliver", "payments.sync"]));
    expect(ids("background")).not.toContain("dispatch.flush-positions");
    expect([...ids("web"), ...ids("background")].sort()).toEqual(ids("all").sort());
  });

  it("every timed job run twice at the same moment (two instances) completes on this database", async () => {
    const now = new Date();
    for (const job of jobDefinitions.filter(isTimed)) {
      await expect(Promise.all([job.run(now), job.run(now)]), job.id).resolves.toHaveLength(2);
    }
  });
});

describe("platform.backup (the scheduled backup)", () => {
  it("runs only with BACKUP_EVERY_HOURS set, at that period, and never on PostgreSQL", async () => {
    const { backupJob } = await import("./definitions/backup");
    const { config } = await import("../platform/config");
    expect(backupJob.enabled!()).toBe(false);
    process.env.BACKUP_EVERY_HOURS = "6";
    try {
      expect(backupJob.enabled!()).toBe(config().databaseProvider === "sqlite");
      expect(backupJob.cadence.everyMs()).toBe(6 * 3600_000);
    } finally {
      delete process.env.BACKUP_EVERY_HOURS;
    }
  });
});

describe("runJob: one pass at a time in a process, a failure logged and not thrown", () => {
  afterEach(() => vi.restoreAllMocks());
  const job = (run: () => Promise<{ log: string } | undefined>) => ({
    id: "test.job",
    does: "a job of the test",
    once: "the test's own",
    cadence: { label: "never", everyMs: () => 1_000 },
    run,
  });

  it("a pass asked for while the previous one runs is skipped; the next one after it runs", async () => {
    let release!: () => void;
    const runs: number[] = [];
    const slow = job(async () => {
      runs.push(runs.length);
      await new Promise<void>((resolve) => (release = resolve));
      return { log: "slow pass done" };
    });
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const first = runJob(slow);
    expect(await runJob(slow)).toBe("skipped");
    release();
    expect(await first).toBe("ran");
    expect(log).toHaveBeenCalledWith("[nosh] slow pass done", { job: "test.job" });
    const third = runJob(slow);
    release();
    expect(await third).toBe("ran");
    expect(runs).toEqual([0, 1]);
  });

  it("a pass that throws is logged under the job's id and the next pass runs", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let calls = 0;
    const flaky = job(async () => {
      if (++calls === 1) throw new Error("database gone");
      return undefined;
    });
    expect(await runJob(flaky)).toBe("failed");
    expect(error).toHaveBeenCalledWith("[nosh] job test.job failed", { job: "test.job", err: expect.objectContaining({ message: "database gone" }) });
    expect(await runJob(flaky)).toBe("ran");
  });

  it("every pass is recorded for the metrics under the job's id, with its time and whether it failed", async () => {
    const runs: [string, number, boolean][] = [];
    const { installOps, hostOps } = await import("@/lib/shared/web/registries/ops.mjs");
    const before = hostOps();
    const quiet = () => undefined;
    installOps({
      log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
      requestId: () => undefined,
      detached: (work) => work(),
      jobRan: (id, seconds, failed) => void runs.push([id, seconds, failed]),
      queryTook: quiet,
      streamRefusedForHeap: quiet,
      app: null,
    });
    try {
      let calls = 0;
      const flaky = job(async () => {
        if (++calls === 1) throw new Error("database gone");
        await new Promise((resolve) => setTimeout(resolve, 20));
        return undefined;
      });
      await runJob(flaky);
      await runJob(flaky);
    } finally {
      (globalThis as { __noshOps?: unknown }).__noshOps = before;
    }
    expect(runs.map(([id, , failed]) => [id, failed])).toEqual([
      ["test.job", true],
      ["test.job", false],
    ]);
    expect(runs[1]![1]).toBeGreaterThanOrEqual(0.015);
  });
});

describe("pruneGuests (the hourly accounts.prune-guests job)", () => {
  it("deletes guests older than 7 days without orders, with their likes, ledger and keys; keeps the rest", async () => {
    const owner = await db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const restaurant = await db.restaurant.create({ data: restaurantRow(owner.id, { name: "Sweep Diner" }) });
    const item = await db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Toast", description: "Warm toast", priceCents: 500, foodImage: "https://example.com/t.jpg", foodType: "entree" },
    });

    const stale = await db.user.create({ data: { firstName: "Guest", guestAccount: true, createdAt: daysAgo(8) } });
    await db.like.create({ data: { userId: stale.id, menuItemId: item.id } });
    await db.walletTransaction.create({ data: { userId: stale.id, kind: "topup", amountCents: 0, balanceAfterCents: 0 } });
    await db.idempotencyKey.create({ data: { userId: stale.id, key: "k", scope: "orders", requestHash: "h", status: 201, responseBody: "{}" } });
    const recent = await db.user.create({ data: { firstName: "Guest", guestAccount: true, createdAt: daysAgo(6) } });
    const ordered = await db.user.create({ data: { firstName: "Guest", guestAccount: true, createdAt: daysAgo(30) } });
    await db.order.create({ data: { userId: ordered.id, restaurantId: restaurant.id, restaurantName: restaurant.name } });
    const member = await db.user.create({ data: { firstName: "Member", email: "member@example.com", createdAt: daysAgo(30) } });

    // Two processes sweeping at the same moment delete each row once.
    const counts = await Promise.all([pruneGuests(now), pruneGuests(now)]);
    expect(counts[0]! + counts[1]!).toBe(1);

    const left = (await db.user.findMany({ select: { id: true } })).map((u) => u.id);
    expect(left.sort()).toEqual([owner.id, recent.id, ordered.id, member.id].sort());
    expect(await db.like.count({ where: { userId: stale.id } })).toBe(0);
    expect(await db.walletTransaction.count({ where: { userId: stale.id } })).toBe(0);
    expect(await db.idempotencyKey.count({ where: { userId: stale.id } })).toBe(0);
    expect((await db.menuItem.findUniqueOrThrow({ where: { id: item.id } })).id).toBe(item.id);
    expect(await pruneGuests(now)).toBe(0);
  });
});

describe("expireOverdueOrders (the orders.expire job): the accept timer runs from when the kitchen should start", () => {
  it("a scheduled order for tomorrow survives the sweep now and expires 10 minutes after its kitchen start; an order for now 10 minutes after placing", async () => {
    const { sqlOf } = await import("../platform/sql");
    const { createOrder } = await import("../orders/create");
    const { placeOrder } = await import("../orders/place");
    const { expireOverdueOrders } = await import("../orders/expire");
    const owner = await db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const restaurant = await db.restaurant.create({ data: restaurantRow(owner.id, { name: "Timer Diner", deliveryTime: 30 }) });
    const item = await db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Soup", description: "Hot soup", priceCents: 800, foodImage: "https://example.com/s.jpg", foodType: "entree" },
    });
    const customer = await db.user.create({ data: { firstName: "Ada" } });
    const place = async (submit: { deliveryOption: "standard" | "schedule" | "pickup"; scheduledFor?: string }) => {
      const active = await db.$transaction((tx) => createOrder(sqlOf(tx), customer, { restaurantId: restaurant.id, items: [{ menuItemId: item.id, quantity: 1 }] }));
      return db.$transaction((tx) =>
        placeOrder(sqlOf(tx), customer, { activeOrderId: active.id }, { ...submit, tip: 0, paymentMethod: "card" }, paymentFor({ paymentMethod: "card" }), now),
      );
    };
    // Placed at 4:00 AM in Los Angeles for tomorrow 12:30 PM there (20:30 UTC).
    const slot = "2026-11-23T20:30:00.000Z";
    const forNow = await place({ deliveryOption: "standard" });
    const delivery = await place({ deliveryOption: "schedule", scheduledFor: slot });
    const pickup = await place({ deliveryOption: "pickup", scheduledFor: slot });
    const stageOf = async (id: number) => (await db.order.findUniqueOrThrow({ where: { id } })).stage;
    const at = (iso: string) => new Date(iso);

    // Ten minutes after placing, only the order for now has waited its ten minutes.
    expect(await expireOverdueOrders(new Date(now.getTime() + 10 * 60_000 + 1_000))).toBe(1);
    expect([await stageOf(forNow.id), await stageOf(delivery.id), await stageOf(pickup.id)]).toEqual(["expired", "placed", "placed"]);
    // The delivery's kitchen starts its delivery time (30 min) before the slot, at 20:00 UTC.
    expect(await expireOverdueOrders(at("2026-11-23T20:09:59Z"))).toBe(0);
    expect(await expireOverdueOrders(at("2026-11-23T20:10:01Z"))).toBe(1);
    expect([await stageOf(delivery.id), await stageOf(pickup.id)]).toEqual(["expired", "placed"]);
    // The pickup's kitchen starts its pickup estimate (15 min) before the slot, at 20:15 UTC.
    expect(await expireOverdueOrders(at("2026-11-23T20:24:59Z"))).toBe(0);
    expect(await expireOverdueOrders(at("2026-11-23T20:25:01Z"))).toBe(1);
    expect(await stageOf(pickup.id)).toBe("expired");
  });
});
