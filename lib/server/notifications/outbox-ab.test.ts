import { expect, it, vi } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// What the outbox costs a checkout (at most 5% more with it than without), measured A/B
// in one run: the one-call checkout on SQLite's direct path, checkout by checkout alternating with
// and without the notifications its placed event causes (of-events.ts answering none), medians of
// the wall time and of the process's CPU time. Runs only when
// asked, it measures rather than checks: OUTBOX_AB=1 npx vitest run lib/server/notifications/outbox-ab.test.ts
// (docs/architecture/notifications.md "Cost").

const off = globalThis as { __noshOutboxOff?: boolean };
vi.mock("./of-events", async (original) => {
  const real = (await original()) as typeof import("./of-events");
  return { notificationsOfEvents: (...args: Parameters<typeof real.notificationsOfEvents>) => (off.__noshOutboxOff ? [] : real.notificationsOfEvents(...args)) };
});

if (!process.env.OUTBOX_AB) {
  it.skip("the outbox's cost A/B (OUTBOX_AB=1)", () => {});
} else {
  setUpTestDatabase();
  const m = {
    db: (await import("../platform/db")).db,
    sql: await import("../platform/sql"),
    ledger: await import("../wallet/ledger"),
    manage: await import("../restaurants/manage"),
    place: await import("../orders/place"),
  };
  const PAIRS = Number(process.env.OUTBOX_AB_PAIRS ?? 1200);
  const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });

  it("the outbox's cost per checkout, A/B", { timeout: 600_000 }, async () => {
    const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
    const dish = await m.db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "D", description: "x.", priceCents: 1000, foodImage: "/d.webp", foodType: "appetizer" },
    });
    const user: User = await m.db.user.create({ data: { firstName: "A", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110" } });
    await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 100_000_000, kind: "topup" }));
    const once = () =>
      m.sql.sqlTransaction((sql) =>
        m.place.placeOrder(sql, user, { cart: { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] } }, wallet, paymentFor(wallet)),
      );
    for (let i = 0; i < 100; i++) await once();
    // Alternating checkout by checkout (which goes first alternates too), so both sides meet the
    // same machine load; the wall time and the process's CPU time (user + system: SQLite runs in
    // this process, and a wait for the disk or for another process's turn on the core is not CPU).
    const wall = { on: [] as number[], off: [] as number[] };
    const cpu = { on: [] as number[], off: [] as number[] };
    for (let i = 0; i < PAIRS; i++) {
      for (const mode of i % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
        off.__noshOutboxOff = mode === "off";
        const start = performance.now();
        const used = process.cpuUsage();
        await once();
        const spent = process.cpuUsage(used);
        wall[mode].push(performance.now() - start);
        cpu[mode].push((spent.user + spent.system) / 1000);
      }
    }
    off.__noshOutboxOff = false;
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    const line = (name: string, t: { on: number[]; off: number[] }) =>
      `${name} with the outbox ${median(t.on).toFixed(3)} ms, without ${median(t.off).toFixed(3)} ms: ${((median(t.on) / median(t.off) - 1) * 100).toFixed(1)}%`;
    console.log(`per checkout transaction (medians of ${PAIRS} alternating pairs):\n  ${line("wall", wall)}\n  ${line("CPU", cpu)}`);
    expect(await m.db.notification.count()).toBeGreaterThan(0);
  });
}
