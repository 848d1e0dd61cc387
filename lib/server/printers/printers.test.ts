import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { printerInputSchema } from "@/lib/contract/printers/rules";
import { ALLERGENS, toMask } from "@/lib/shared/menu/allergens";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Kitchen printers by Star CloudPRNT (docs/architecture/kitchen.md "Printers that print by
// themselves") against a real, migrated database: a printer's poll queues the tickets of the orders
// accepted since the last one (from their events: nothing more on the accept's path); its polls, fetches and confirmations print each job once, oldest
// first after an hour off, or mark it stale past the owner's minutes; another restaurant's printer
// reaches none of them; wrong credentials are a 401 and record nothing. The HTTP side and the
// rendered ticket: e2e/printers/.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  printers: await import("./printers"),
  jobs: await import("./jobs"),
  caller: await import("./caller"),
  fixtures: await import("../platform/testing/fixtures"),
};

// 19:10 in Los Angeles on Nov 25, 2026 (the test restaurant is open).
const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

async function placed(user: User, restaurantId: number, dishId: number, when = T0) {
  const input = placeOrderSchema.parse({
    restaurantId,
    items: [{ menuItemId: dishId, quantity: 2, instructions: "No sesame | extra {sauce}" }],
    submit: { deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" },
  });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), when));
}

/** A shop with a printer, its credentials as the printer sends them, and a customer allergic to peanuts. */
async function world(prints: "kitchen" | "receipt" | "both" = "kitchen", staleMinutes = 120) {
  const { owner, restaurant, dish } = await m.fixtures.shop();
  await m.db.menuItem.update({ where: { id: dish.id }, data: { allowsInstructions: true } });
  const added = await m.printers.addPrinter(owner, restaurant.id, printerInputSchema.parse({ name: "Pass", prints, staleMinutes }));
  const headers = new Headers({ authorization: `Basic ${Buffer.from(`${added.printer.login}:${added.password}`).toString("base64")}` });
  const { printer } = await m.caller.admitPrinter({ headers });
  const customer = await m.fixtures.customer("ada", { walletCents: 100_000, avoidAllergens: toMask(ALLERGENS, ["peanuts"]) });
  const accepted = async (when = T0) => {
    const order = await placed(customer, restaurant.id, dish.id, when);
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 15, when);
    return order.id;
  };
  return { owner, restaurant, printer, added, accepted };
}

const jobsOf = (printerId: number) =>
  m.db.printJob.findMany({ where: { printerId }, orderBy: { id: "asc" }, select: { id: true, orderId: true, kind: true, state: true } });

describe("kitchen printers", () => {
  it("a poll queues each accepted order's kitchen ticket, and its receipt on a printer that prints both", async () => {
    const kitchen = await world("kitchen");
    const orderId = await kitchen.accepted();
    // Nothing on the accept's path: the printer's poll reads the accepted order's event.
    expect(await jobsOf(kitchen.printer.id)).toEqual([]);
    await m.jobs.pollPrinter(kitchen.printer, "200%20OK", minutes(T0, 1));
    await m.jobs.pollPrinter(kitchen.printer, "200%20OK", minutes(T0, 2));
    expect(await jobsOf(kitchen.printer.id)).toMatchObject([{ orderId, kind: "kitchen", state: "queued" }]);
    const both = await world("both");
    const other = await both.accepted();
    await m.jobs.pollPrinter(both.printer, "200%20OK", minutes(T0, 1));
    expect((await jobsOf(both.printer.id)).map((job) => [job.orderId, job.kind])).toEqual([
      [other, "kitchen"],
      [other, "receipt"],
    ]);
    // The receipt: its lines priced and the total; the kitchen ticket as StarPRNT commands for a real printer.
    const [ticket, receipt] = await jobsOf(both.printer.id);
    const text = (await m.jobs.fetchPrintJob(both.printer, String(receipt!.id), "text/plain", minutes(T0, 1))).body.toString("utf8");
    expect(text).toContain("Customer receipt");
    expect(text).toMatch(/Total\s+\$\d+\.\d\d/);
    const star = (await m.jobs.fetchPrintJob(both.printer, String(ticket!.id), "application/vnd.star.starprnt", minutes(T0, 1))).body;
    expect([...star.subarray(0, 2)]).toEqual([0x1b, 0x40]); // ESC @: the printer initialized
    expect(star.toString("latin1")).toContain(`Order #${other}`);
  });

  it("prints a job once however often the printer polls, fetches and confirms it", async () => {
    const { printer, accepted } = await world();
    const orderId = await accepted();
    const first = await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 1));
    const again = await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 1));
    expect(first).toMatchObject({ jobReady: true, mediaTypes: ["application/vnd.star.starprnt", "text/plain"] });
    expect(again.jobToken).toBe(first.jobToken);
    const fetched = await m.jobs.fetchPrintJob(printer, first.jobToken, "text/plain", minutes(T0, 1));
    const refetched = await m.jobs.fetchPrintJob(printer, first.jobToken, "text/plain", minutes(T0, 1));
    expect(refetched.body.equals(fetched.body)).toBe(true);
    const text = fetched.body.toString("utf8");
    expect(text).toContain(`Order #${orderId}`);
    expect(text).toContain("ALLERGY: peanuts");
    expect(text).toContain("No sesame | extra {sauce}");
    expect(await m.jobs.confirmPrintJob(printer, first.jobToken, "OK", minutes(T0, 2))).toBe("printed");
    expect(await m.jobs.confirmPrintJob(printer, first.jobToken, "OK", minutes(T0, 2))).toBe("printed");
    expect(await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 2))).toEqual({ jobReady: false });
    expect(await jobsOf(printer.id)).toMatchObject([{ orderId, state: "printed" }]);
    // A printed job is not served again.
    await expect(m.jobs.fetchPrintJob(printer, first.jobToken, "text/plain")).rejects.toMatchObject({ status: 404 });
  });

  it("a printer off for an hour prints every ticket it missed, oldest first", async () => {
    const { printer, accepted } = await world("kitchen", 120);
    const orders = [await accepted(T0), await accepted(minutes(T0, 10)), await accepted(minutes(T0, 20))];
    const printed: number[] = [];
    for (let poll = 0; poll < 5; poll++) {
      const answer = await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 80));
      if (!answer.jobReady) break;
      const job = await m.db.printJob.findUniqueOrThrow({ where: { id: Number(answer.jobToken) } });
      await m.jobs.fetchPrintJob(printer, answer.jobToken, undefined, minutes(T0, 80));
      await m.jobs.confirmPrintJob(printer, answer.jobToken, "200%20OK", minutes(T0, 80));
      printed.push(job.orderId);
    }
    expect(printed).toEqual(orders);
  });

  it("marks stale, and never offers, a ticket that waited past the owner's minutes", async () => {
    const { printer, accepted } = await world("kitchen", 30);
    await accepted(T0);
    const fresh = await accepted(minutes(T0, 50));
    const answer = await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 60));
    const jobs = await jobsOf(printer.id);
    expect(jobs.map((job) => job.state)).toEqual(["stale", "queued"]);
    expect(answer.jobToken).toBe(String(jobs.find((job) => job.orderId === fresh)!.id));
  });

  it("keeps a failed print's code: the job failed, not printed", async () => {
    const { printer, accepted } = await world();
    await accepted();
    const answer = await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 1));
    expect(await m.jobs.confirmPrintJob(printer, answer.jobToken, "511%20Media%20decoding%20error", minutes(T0, 1))).toBe("failed");
    expect(await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 1))).toEqual({ jobReady: false });
  });

  it("another restaurant's printer cannot fetch or confirm this restaurant's jobs", async () => {
    const ours = await world();
    await ours.accepted();
    const token = (await m.jobs.pollPrinter(ours.printer, "200%20OK", minutes(T0, 1))).jobToken;
    const theirs = await world();
    await expect(m.jobs.fetchPrintJob(theirs.printer, token, "text/plain")).rejects.toMatchObject({ status: 404 });
    await expect(m.jobs.confirmPrintJob(theirs.printer, token, "OK")).rejects.toMatchObject({ status: 404 });
    expect(await jobsOf(ours.printer.id)).toMatchObject([{ state: "queued" }]);
  });

  it("refuses wrong, missing or removed credentials with a 401 and records nothing", async () => {
    const { owner, restaurant, added } = await world();
    const basic = (login: string, password: string) => ({ headers: new Headers({ authorization: `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}` }) });
    for (const request of [basic(added.printer.login, "wrong"), basic("nosh-someone", added.password), { headers: new Headers() }]) {
      await expect(m.caller.admitPrinter(request)).rejects.toMatchObject({ status: 401 });
    }
    expect((await m.db.printer.findUniqueOrThrow({ where: { id: added.printer.id } })).lastSeenAt).toBeNull();
    await m.printers.removePrinter(owner, restaurant.id, added.printer.id);
    await expect(m.caller.admitPrinter(basic(added.printer.login, added.password))).rejects.toMatchObject({ status: 401 });
  });

  it("counts an order accepted while the printer is silent as waiting, for the board's alarm", async () => {
    const { owner, restaurant, printer, accepted } = await world("kitchen", 30);
    await accepted(T0);
    expect((await m.printers.listPrinters(owner, restaurant.id, minutes(T0, 5))).printers).toMatchObject([{ id: printer.id, waiting: 1, lastSeenAt: null }]);
    // Past the printer's minutes it would be stale, not printed: no longer waiting.
    expect((await m.printers.listPrinters(owner, restaurant.id, minutes(T0, 31))).printers).toMatchObject([{ id: printer.id, waiting: 0 }]);
  });

  it("reprints an order's kitchen ticket from the board, and lists it as a recent ticket", async () => {
    const { owner, restaurant, printer, accepted } = await world();
    const orderId = await accepted();
    await m.jobs.pollPrinter(printer, "200%20OK", minutes(T0, 1));
    expect(await m.jobs.reprintOrder(owner, restaurant.id, orderId, minutes(T0, 5))).toBe(1);
    const list = await m.printers.listPrinters(owner, restaurant.id);
    expect(list.printers).toMatchObject([{ id: printer.id, waiting: 2 }]);
    expect(list.recent).toMatchObject([{ orderId, state: "queued", printer: "Pass" }]);
  });
});
