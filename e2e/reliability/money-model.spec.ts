import { expect, test } from "../fixtures";
import { statusOf } from "@/lib/shared/orders/order-stages";
import type Database from "better-sqlite3";
import fc from "fast-check";
import { priceOrder } from "@/lib/shared/money/pricing";
import { signUpCustomer, type SignedUp } from "../support/api";
import { signUpOwner } from "../support/owner";
import {
  call,
  callerOf,
  freshDataDir,
  moneyProblems,
  openReadOnly,
  reliabilityPort,
  SIZE,
  startServer,
  walletCentsOf,
  type Caller,
  type Server,
} from "../support/reliability";

// Money invariants, model-based: random sequences of top-ups, deductions, order
// creation, wallet and card checkouts (delivered or picked up), customer cancels before acceptance (refunds; refused
// after), owner accepts, rejects and legacy cancels (refunds), completions, and retries with the same Idempotency-Key, sent to two server processes sharing one SQLite file,
// with bursts of concurrent checkouts. A model predicts every answer and balance (prices from
// lib/shared/money/pricing.ts); after every step the database must agree with the model and hold every
// invariant of support/reliability.ts moneyProblems. Sizes: RELIABILITY_MODEL_RUNS, and for the
// bursts RELIABILITY_ROUNDS x RELIABILITY_BURST (nightly: 200 rounds of 50 checkouts).

type Stage = "placed" | "accepted" | "delivered" | "rejected" | "canceled" | "expired";
type Order = {
  user: number;
  subtotalCents: number;
  status: "Active" | "Submitted" | "Completed" | "Canceled";
  stage?: Stage;
  method?: "wallet" | "card";
  totalCents: number;
};
type Model = { wallet: Map<number, number>; orders: Map<number, Order> };
type Customer = { caller: Caller; userId: number };
/** One way to order the dish: its option ids and the unit price they make (base + deltas, cents). */
type Choice = { options: number[]; unitCents: number };
type Real = {
  servers: [Server, Server];
  customers: Customer[];
  owner: Caller;
  restaurantId: number;
  itemId: number;
  choices: Choice[];
  priceCents: number;
  db: Database.Database;
};

const TIPS = [15, 20, 25, 30] as const;
/** How a checkout is fulfilled: a pickup has no delivery fee (lib/shared/money/pricing.ts). */
type Option = "standard" | "pickup";
const totalOf = (subtotalCents: number, tipPercent: number, option: Option = "standard") => priceOrder(subtotalCents, option, { percent: tipPercent }).totalCents;
const cents = (dollars: unknown) => Math.round((dollars as number) * 100);
let keys = 0;
const newKey = () => `model-${process.pid}-${Date.now()}-${keys++}`;

/** The database agrees with the model, and every money invariant holds. */
function verify(m: Model, r: Real, step: string) {
  expect(moneyProblems(r.db), step).toEqual([]);
  for (const [userId, wallet] of m.wallet) expect(walletCentsOf(r.db, userId), `${step}: wallet of user ${userId}`).toBe(wallet);
  const rowOf = r.db.prepare(`SELECT stage, totalCents FROM "Order" WHERE id = ?`);
  for (const [id, order] of m.orders) {
    const row = rowOf.get(id) as { stage: string | null; totalCents: number };
    expect([statusOf(row.stage), row.stage], `${step}: order ${id}`).toEqual([order.status, order.stage ?? null]);
    if (order.status !== "Active") expect(row.totalCents, `${step}: total of order ${id}`).toBe(order.totalCents);
  }
}

/** The k-th known order (k from the generator, modulo the count), or undefined. */
const pick = (m: Model, k: number) => {
  const ids = [...m.orders.keys()];
  return ids.length ? ids[k % ids.length] : undefined;
};

class TopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly amountCents: number,
    readonly server: number,
    readonly deduct: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const c = r.customers[this.who % r.customers.length]!;
    const before = m.wallet.get(c.userId)!;
    const path = this.deduct ? `/api/users/wallet/deduct/${c.userId}` : `/api/users/wallet/${c.userId}`;
    const answer = await call(r.servers[this.server]!.url, c.caller, "PUT", path, { amount: this.amountCents / 100 });
    if (this.deduct && before < this.amountCents) {
      expect(answer.status, answer.text).toBe(400);
    } else {
      expect(answer.status, answer.text).toBe(200);
      m.wallet.set(c.userId, before + (this.deduct ? -this.amountCents : this.amountCents));
      expect(cents(answer.json.wallet)).toBe(m.wallet.get(c.userId));
    }
    verify(m, r, this.toString());
  }
  toString = () => `${this.deduct ? "Deduct" : "TopUp"}(${this.who}, ${this.amountCents}c, server ${this.server})`;
}

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly quantity: number,
    readonly server: number,
    readonly retry: boolean,
    readonly choice = 0,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const c = r.customers[this.who % r.customers.length]!;
    const choice = r.choices[this.choice % r.choices.length]!;
    const body = { restaurant_id: r.restaurantId, items: [{ menu_item_id: r.itemId, quantity: this.quantity, options: choice.options }] };
    const key = newKey();
    const answer = await call(r.servers[this.server]!.url, c.caller, "POST", "/api/orders/", body, { "Idempotency-Key": key });
    expect(answer.status, answer.text).toBe(201);
    if (this.retry) {
      // The same key on the other process: the first answer, not a second order.
      const again = await call(r.servers[1 - this.server]!.url, c.caller, "POST", "/api/orders/", body, { "Idempotency-Key": key });
      expect([again.status, again.json]).toEqual([201, answer.json]);
    }
    m.orders.set(answer.json.id!, { user: c.userId, subtotalCents: choice.unitCents * this.quantity, status: "Active", totalCents: 0 });
    verify(m, r, this.toString());
  }
  toString = () => `Create(${this.who}, x${this.quantity}, choice ${this.choice}, server ${this.server}${this.retry ? ", retried" : ""})`;
}

class Submit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly k: number,
    readonly method: "wallet" | "card",
    readonly tipPercent: number,
    readonly server: number,
    readonly retry: boolean,
    readonly option: Option = "standard",
  ) {}
  check = (m: Readonly<Model>) => m.orders.size > 0;
  async run(m: Model, r: Real) {
    const id = pick(m, this.k)!;
    const order = m.orders.get(id)!;
    const c = r.customers.find((x) => x.userId === order.user)!;
    const total = totalOf(order.subtotalCents, this.tipPercent, this.option);
    const body = { deliveryOption: this.option, tipPercent: this.tipPercent, paymentMethod: this.method };
    const key = newKey();
    const answer = await call(r.servers[this.server]!.url, c.caller, "PUT", `/api/orders/${id}/submit`, body, { "Idempotency-Key": key });
    const balance = m.wallet.get(order.user)!;
    if (order.status !== "Active") {
      expect(answer.status, answer.text).toBe(409);
    } else if (this.method === "wallet" && balance < total) {
      expect([answer.status, answer.json.message]).toEqual([400, "Insufficient funds in your wallet."]);
    } else {
      expect(answer.status, answer.text).toBe(200);
      expect(cents(answer.json.totalCost)).toBe(total);
      Object.assign(order, { status: "Submitted", stage: "placed", method: this.method, totalCents: total });
      if (this.method === "wallet") m.wallet.set(order.user, balance - total);
    }
    if (this.retry) {
      // A retry with the same key on the other process: the same answer, charged once.
      const again = await call(r.servers[1 - this.server]!.url, c.caller, "PUT", `/api/orders/${id}/submit`, body, { "Idempotency-Key": key });
      if (answer.status === 200) expect([again.status, again.json]).toEqual([200, answer.json]);
      else expect(again.status, again.text).toBe(order.status === "Active" ? answer.status : 409);
    }
    verify(m, r, this.toString());
  }
  toString = () => `Submit(#${this.k}, ${this.option}, ${this.method}, tip ${this.tipPercent}%, server ${this.server}${this.retry ? ", retried" : ""})`;
}

class Close implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly k: number,
    readonly by: "customer" | "owner",
    readonly status: "Canceled" | "Completed",
    readonly server: number,
  ) {}
  check = (m: Readonly<Model>) => m.orders.size > 0;
  async run(m: Model, r: Real) {
    const id = pick(m, this.k)!;
    const order = m.orders.get(id)!;
    const url = r.servers[this.server]!.url;
    const answer =
      this.by === "customer"
        ? await call(url, r.customers.find((x) => x.userId === order.user)!.caller, "PUT", `/api/orders/${id}/cancel`)
        : await call(url, r.owner, "PUT", `/api/manage/${r.restaurantId}/orders/${id}`, { status: this.status });
    const status = this.by === "customer" ? "Canceled" : this.status;
    // The customer may cancel only until the restaurant accepts; the owner's close takes any open order.
    const allowed = order.status === "Submitted" && (this.by === "owner" || order.stage === "placed");
    if (!allowed) {
      expect(answer.status, answer.text).toBe(409);
    } else {
      expect(answer.status, answer.text).toBe(200);
      order.status = status;
      order.stage = this.by === "customer" ? "canceled" : status === "Completed" ? "delivered" : "rejected";
      if (status === "Canceled" && order.method === "wallet") m.wallet.set(order.user, m.wallet.get(order.user)! + order.totalCents);
    }
    verify(m, r, this.toString());
  }
  toString = () => `Close(#${this.k}, ${this.by}, ${this.by === "customer" ? "Canceled" : this.status}, server ${this.server})`;
}

/** The owner accepts or rejects (with a full refund) through the stage endpoint. */
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly k: number,
    readonly to: "accepted" | "rejected",
    readonly server: number,
  ) {}
  check = (m: Readonly<Model>) => m.orders.size > 0;
  async run(m: Model, r: Real) {
    const id = pick(m, this.k)!;
    const order = m.orders.get(id)!;
    const body = this.to === "accepted" ? { stage: "accepted", prepMinutes: 15 } : { stage: "rejected", reason: "too_busy" };
    const answer = await call(r.servers[this.server]!.url, r.owner, "POST", `/api/manage/${r.restaurantId}/orders/${id}/stage`, body);
    const from: Stage[] = this.to === "accepted" ? ["placed"] : ["placed", "accepted"];
    if (!order.stage || !from.includes(order.stage)) {
      expect(answer.status, answer.text).toBe(409);
    } else {
      expect(answer.status, answer.text).toBe(200);
      order.stage = this.to;
      if (this.to === "rejected") {
        order.status = "Canceled";
        if (order.method === "wallet") m.wallet.set(order.user, m.wallet.get(order.user)! + order.totalCents);
      }
    }
    verify(m, r, this.toString());
  }
  toString = () => `Step(#${this.k}, ${this.to}, server ${this.server})`;
}

/**
 * A burst: the customer's balance is set near `budgetCents`, then `n` orders are checked out
 * with the wallet at once across both processes, some twice with the same key. Whatever the
 * interleaving: the successes cost at most the balance, the balance ends at the start minus
 * the successes, every refusal is "insufficient funds" for a total above what was left, and a
 * duplicate with the same key answers exactly as its twin.
 */
class Burst implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly n: number,
    readonly budgetCents: number,
    readonly tipPercent: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await this.burst(m, r);
  }
  /** Runs the burst; returns how many checkouts were charged and refused. */
  async burst(m: Model, r: Real) {
    const c = r.customers[this.who % r.customers.length]!;
    const have = m.wallet.get(c.userId)!;
    if (have < this.budgetCents) await new TopUp(this.who, this.budgetCents - have, 0, false).run(m, r);
    else if (have > this.budgetCents) await new TopUp(this.who, have - this.budgetCents, 1, true).run(m, r);
    const created = await Promise.all(
      Array.from({ length: this.n }, async (_, i) => {
        const quantity = 1 + (i % 3);
        const choice = r.choices[i % r.choices.length]!;
        const answer = await call(r.servers[i % 2]!.url, c.caller, "POST", "/api/orders/", {
          restaurant_id: r.restaurantId,
          items: [{ menu_item_id: r.itemId, quantity, options: choice.options }],
        });
        expect(answer.status, answer.text).toBe(201);
        m.orders.set(answer.json.id!, { user: c.userId, subtotalCents: choice.unitCents * quantity, status: "Active", totalCents: 0 });
        return answer.json.id!;
      }),
    );
    const start = m.wallet.get(c.userId)!;
    // Every third checkout of a burst is a pickup (no delivery fee): both kinds race for one wallet.
    const optionOf = (i: number): Option => (i % 3 === 2 ? "pickup" : "standard");
    const answers = await Promise.all(
      created.map(async (id, i) => {
        const key = newKey();
        const body = { deliveryOption: optionOf(i), tipPercent: this.tipPercent, paymentMethod: "wallet" };
        const send = (server: number) => call(r.servers[server]!.url, c.caller, "PUT", `/api/orders/${id}/submit`, body, { "Idempotency-Key": key });
        const [first, twin] = await Promise.all([send(i % 2), i % 5 === 0 ? send(1 - (i % 2)) : Promise.resolve(undefined)]);
        if (twin) expect([twin.status, twin.json], `twin of order ${id}`).toEqual([first.status, first.json]);
        return { id, answer: first, option: optionOf(i) };
      }),
    );
    let spent = 0;
    const refused: number[] = [];
    for (const { id, answer, option } of answers) {
      const order = m.orders.get(id)!;
      const total = totalOf(order.subtotalCents, this.tipPercent, option);
      if (answer.status === 200) {
        expect(cents(answer.json.totalCost)).toBe(total);
        Object.assign(order, { status: "Submitted", stage: "placed", method: "wallet", totalCents: total });
        spent += total;
      } else {
        expect([answer.status, answer.json.message]).toEqual([400, "Insufficient funds in your wallet."]);
        refused.push(total);
      }
    }
    expect(spent).toBeLessThanOrEqual(start);
    m.wallet.set(c.userId, start - spent);
    // Balances only fall during a burst, so a refusal means the end balance is below its total.
    for (const total of refused) expect(start - spent).toBeLessThan(total);
    verify(m, r, this.toString());
    return { succeeded: answers.length - refused.length, refused: refused.length };
  }
  toString = () => `Burst(${this.who}, ${this.n} checkouts, budget ${this.budgetCents}c, tip ${this.tipPercent}%)`;
}

async function startPair(): Promise<{ servers: [Server, Server] }> {
  freshDataDir("money");
  // The first process creates, migrates and seeds the file; the second then joins it.
  // One restaurant and bursts of fifty checkouts by one customer: the open-order limits
  // (lib/server/orders/open-orders.ts, pinned by open-orders.test.ts and
  // e2e/checkout/open-orders.api.spec.ts) are off on servers startServer starts
  // (NO_OPEN_ORDER_LIMITS), so the wallet is what refuses.
  const first = await startServer({ name: "money", port: reliabilityPort(1) });
  const second = await startServer({ name: "money", port: reliabilityPort(2) });
  return { servers: [first, second] };
}

async function world(servers: [Server, Server]) {
  const owner = await signUpOwner(servers[0].url);
  // The dish has choices (odd cents, so rounding shows): a required size and up to two extras.
  const dish = await owner.client.put(`/api/menu-items/${owner.item.id}`, {
    option_groups: [
      {
        name: "Size",
        min_choices: 1,
        max_choices: 1,
        options: [
          { name: "Regular", price_delta: 0 },
          { name: "Large", price_delta: 1.37 },
        ],
      },
      {
        name: "Extras",
        min_choices: 0,
        max_choices: 2,
        options: [
          { name: "Cheese", price_delta: 0.99 },
          { name: "Bacon", price_delta: 2.05 },
        ],
      },
    ],
  });
  expect(dish.status()).toBe(200);
  const [size, extras] = (await dish.json()).optionGroups as { options: { id: number; priceDelta: number }[] }[];
  const base = cents(owner.item.price);
  const choices: Choice[] = size!.options.flatMap((s) =>
    [[], [extras!.options[0]!], [extras!.options[1]!], extras!.options].map((picked) => ({
      options: [s.id, ...picked.map((o) => o.id)],
      unitCents: base + cents(s.priceDelta) + picked.reduce((sum, o) => sum + cents(o.priceDelta), 0),
    })),
  );
  return {
    owner: await callerOf("owner", owner.client),
    restaurantId: owner.restaurant.id,
    itemId: owner.item.id,
    choices,
    priceCents: Math.max(...choices.map((c) => c.unitCents)),
  };
}

async function customers(servers: [Server, Server], count: number): Promise<{ model: Model; customers: Customer[] }> {
  const model: Model = { wallet: new Map(), orders: new Map() };
  const list = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const signed = await signUpCustomer(servers[i % 2]!.url);
      model.wallet.set(signed.user.id, cents(signed.user.wallet));
      return { caller: await callerOf(`customer${i}`, signed.client), userId: signed.user.id };
    }),
  );
  return { model, customers: list };
}

test.describe("money invariants over two server processes", () => {
  let servers: [Server, Server];
  let db: Database.Database;
  let shop: Awaited<ReturnType<typeof world>>;

  test.beforeAll(async () => {
    ({ servers } = await startPair());
    db = openReadOnly(servers[0].dbFile);
    shop = await world(servers);
  });
  test.afterAll(async () => {
    db?.close();
    await Promise.all((servers ?? []).map((s) => s.stop()));
  });

  test("random sequences of top-ups, checkouts, cancels, refunds and retries agree with the model", async () => {
    const who = fc.nat({ max: 2 });
    const server = fc.nat({ max: 1 });
    const commands: fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] = [
      fc.tuple(who, fc.integer({ min: 1, max: 300_000 }), server, fc.boolean()).map(([w, a, s, d]) => new TopUp(w, a, s, d)),
      fc.tuple(who, fc.integer({ min: 1, max: 99 }), server, fc.boolean(), fc.nat({ max: 7 })).map(([w, q, s, retry, choice]) => new Create(w, q, s, retry, choice)),
      fc
        .tuple(
          fc.nat(),
          fc.constantFrom("wallet" as const, "card" as const),
          fc.constantFrom(...TIPS),
          server,
          fc.boolean(),
          fc.constantFrom<Option>("standard", "pickup"),
        )
        .map(([k, method, tip, s, retry, option]) => new Submit(k, method, tip, s, retry, option)),
      fc
        .tuple(fc.nat(), fc.constantFrom("customer" as const, "owner" as const), fc.constantFrom("Canceled" as const, "Completed" as const), server)
        .map(([k, by, status, s]) => new Close(k, by, status, s)),
      fc.tuple(fc.nat(), fc.constantFrom("accepted" as const, "rejected" as const), server).map(([k, to, s]) => new Step(k, to, s)),
      fc
        .tuple(who, fc.integer({ min: 2, max: 8 }), fc.integer({ min: 0, max: 40_000 }), fc.constantFrom(...TIPS))
        .map(([w, n, budget, tip]) => new Burst(w, n, budget, tip)),
    ];
    let steps = 0;
    const result = await fc.check(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: "max" }), async (cmds) => {
        const setup = async () => {
          const fresh = await customers(servers, 3);
          return { model: fresh.model, real: { servers, db, ...shop, customers: fresh.customers } };
        };
        await fc.asyncModelRun(setup, cmds);
        steps += [...cmds].length;
      }),
      { numRuns: SIZE.modelRuns, seed: process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined, endOnFailure: true },
    );
    if (result.failed)
      throw new Error(
        `model run failed (MODEL_SEED=${result.seed}) on ${String(result.counterexample?.[0]).slice(0, 3_000)}:\n${String(result.errorInstance).slice(0, 3_000)}`,
      );
    console.log(`[money] ${SIZE.modelRuns} model runs, ${steps} steps`);
  });

  test(`rounds of concurrent wallet checkouts across both processes`, async () => {
    const fresh = await customers(servers, 2);
    const real: Real = { servers, db, ...shop, customers: fresh.customers };
    let succeeded = 0;
    let refused = 0;
    for (let round = 0; round < SIZE.rounds; round++) {
      // A budget for about two thirds of the burst, so both outcomes happen.
      const budget = Math.round((SIZE.burst * 2 * totalOf(shop.priceCents * 2, 20)) / 3);
      const outcome = await new Burst(round, SIZE.burst, budget, 20).burst(fresh.model, real);
      succeeded += outcome.succeeded;
      refused += outcome.refused;
    }
    console.log(`[money] ${SIZE.rounds} rounds of ${SIZE.burst} concurrent checkouts: ${succeeded} charged, ${refused} refused for funds`);
    expect(succeeded).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
  test("a group order over both processes: every add lands, two checkouts charge once, the charge = the total = everyone's subtotals + fees", async () => {
    const [host, ana, ben] = (await Promise.all([0, 1, 0].map(async (i) => signUpCustomer(servers[i]!.url)))) as [SignedUp, SignedUp, SignedUp];
    const [hostCaller, anaCaller, benCaller] = await Promise.all([host, ana, ben].map((signed, i) => callerOf(`group${i}`, signed.client)));
    const created = await call(servers[0].url, hostCaller!, "POST", "/api/group-orders", { restaurantId: shop.restaurantId });
    expect(created.status, created.text).toBe(201);
    const url = `/api/group-orders/${created.json.token}`;
    for (const [caller, name, server] of [
      [anaCaller!, "Ana", servers[1]],
      [benCaller!, "Ben", servers[0]],
    ] as const) {
      const joined = await call(server.url, caller, "POST", `${url}/participants`, { displayName: name });
      expect(joined.status, joined.text).toBe(200);
    }
    // Nine adds at once, three per person, over both processes, with the dish's odd-cent choices.
    const people = [hostCaller!, anaCaller!, benCaller!];
    const adds = Array.from({ length: 9 }, (_, i) => {
      const choice = shop.choices[i % shop.choices.length]!;
      return call(servers[i % 2]!.url, people[i % 3]!, "POST", `${url}/lines`, { menuItemId: shop.itemId, quantity: 1 + (i % 3), options: choice.options });
    });
    expect((await Promise.all(adds)).map((answer) => answer.status)).toEqual(Array(9).fill(201));
    const locked = await call(servers[1].url, hostCaller!, "PATCH", url, { locked: true });
    expect(locked.status, locked.text).toBe(200);
    const group = locked.json as { lines: unknown[]; subtotal: number; participants: { displayName: string; subtotal: number }[] };
    expect(group.lines).toHaveLength(9);
    const before = walletCentsOf(db, host.user.id)!;
    const checkouts = await Promise.all(
      servers.map((server) => call(server.url, hostCaller!, "POST", `${url}/checkout`, { deliveryOption: "standard", tipPercent: 20, paymentMethod: "wallet" })),
    );
    expect(checkouts.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const order = checkouts.find((answer) => answer.status === 200)!.json.order as {
      totalCost: number;
      subtotal: number;
      group: { participants: { name: string; subtotal: number }[] };
    };
    expect(moneyProblems(db)).toEqual([]);
    const charged = before - walletCentsOf(db, host.user.id)!;
    expect(charged).toBe(cents(order.totalCost));
    expect(charged).toBe(totalOf(cents(group.subtotal), 20));
    const subtotals = order.group.participants.reduce((sum, person) => sum + cents(person.subtotal), 0);
    expect(subtotals).toBe(cents(order.subtotal));
    expect(order.group.participants).toEqual(group.participants.map((person) => ({ name: person.displayName, subtotal: person.subtotal })));
  });
});

test.describe("the accept timeout", () => {
  let server: Server;
  let db: Database.Database;

  test.beforeAll(async () => {
    freshDataDir("money-expiry");
    server = await startServer({ name: "money-expiry", port: reliabilityPort(3), env: { ORDER_ACCEPT_SECONDS: "2" } });
    db = openReadOnly(server.dbFile);
  });
  test.afterAll(async () => {
    db?.close();
    await server?.stop();
  });

  test("orders nobody accepts expire with one full refund; accepted and canceled ones are left alone", async () => {
    const owner = await signUpOwner(server.url);
    const ownerCaller = await callerOf("owner", owner.client);
    const signed = await signUpCustomer(server.url);
    const customer = await callerOf("customer", signed.client);
    const start = cents(signed.user.wallet);
    const place = async () => {
      const created = await call(server.url, customer, "POST", "/api/orders/", {
        restaurant_id: owner.restaurant.id,
        items: [{ menu_item_id: owner.item.id, quantity: 1 }],
      });
      const submitted = await call(server.url, customer, "PUT", `/api/orders/${created.json.id}/submit`, {
        deliveryOption: "standard",
        tipPercent: 20,
        paymentMethod: "wallet",
      });
      expect(submitted.status, submitted.text).toBe(200);
      expect(moneyProblems(db)).toEqual([]);
      return { id: submitted.json.id as number, totalCents: cents(submitted.json.totalCost) };
    };
    const [left, accepted, canceled] = [await place(), await place(), await place()];
    const accept = await call(server.url, ownerCaller, "POST", `/api/manage/${owner.restaurant.id}/orders/${accepted.id}/stage`, { stage: "accepted", prepMinutes: 30 });
    expect(accept.status, accept.text).toBe(200);
    expect(moneyProblems(db)).toEqual([]);
    const cancel = await call(server.url, customer, "PUT", `/api/orders/${canceled.id}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    expect(moneyProblems(db)).toEqual([]);
    // The board sweeps before it reads, as the interval sweep does every second here.
    await expect
      .poll(async () => ((await call(server.url, ownerCaller, "GET", `/api/manage/${owner.restaurant.id}/board`)).json.doneToday as unknown[] | undefined)?.length, {
        timeout: 30_000,
      })
      .toBe(2);
    const read = db.prepare(`SELECT stage, rejectionKey FROM "Order" WHERE id = ?`);
    const stageOf = (id: number) => {
      const row = read.get(id) as { stage: string | null; rejectionKey: string | null };
      return { ...row, status: statusOf(row.stage) };
    };
    expect(stageOf(left.id)).toEqual({ stage: "expired", status: "Canceled", rejectionKey: "expired" });
    expect(stageOf(accepted.id)).toMatchObject({ stage: "accepted", status: "Submitted" });
    expect(stageOf(canceled.id)).toMatchObject({ stage: "canceled", status: "Canceled" });
    expect(moneyProblems(db)).toEqual([]);
    expect(walletCentsOf(db, signed.user.id)).toBe(start - accepted.totalCents);
  });
});
