import { expect, test } from "@playwright/test";
import { newClient, signUpCustomer, signUpGuest, type Client } from "../support/api";
import { cookieOf, openEventStream, type EventStream } from "../support/events";
import { standardWallet } from "../support/orders";
import { createItem, createRestaurant, signUpOwner } from "../support/owner";

// Live order events (docs/architecture/live-order-events.md, "Live order events"): Server-Sent Events read with Node's fetch
// as a browser's EventSource would, against the two server processes of the e2e setup
// (playwright.config.ts; both on one database). The servers send a keep-alive (and re-check the
// stream's session) every second here (ORDER_EVENTS_KEEP_ALIVE_MS).

const second = () => process.env.E2E_SECOND_URL!;

async function stream(base: string, path: string, client: Client, headers: Record<string, string> = {}): Promise<EventStream> {
  return openEventStream(`${base}${path}`, { cookie: await cookieOf(client), ...headers });
}

/** The owner's restaurant, and a customer's submitted order there (placed by `via`'s server). */
async function placeOrder(owner: Awaited<ReturnType<typeof signUpOwner>>, customer: Client) {
  const created = await customer.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const submitted = await customer.put(`/api/orders/${id}/submit`, standardWallet);
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}

test.describe("live order events", () => {
  test("a stream has the event-stream headers, a retry hint and keep-alive comments", async ({ baseURL }) => {
    const { client } = await signUpCustomer(baseURL!);
    const events = await stream(baseURL!, "/api/orders/events", client);
    try {
      expect(events.status).toBe(200);
      expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(events.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(events.headers.get("x-accel-buffering")).toBe("no");
      expect(events.headers.get("content-encoding")).toBeNull();
      await expect.poll(() => events.comments).toContain("keep-alive");
      expect(events.retry).toBeGreaterThan(0);
    } finally {
      events.close();
    }
  });

  test("placing an order reaches the customer's and the owner's streams on both server processes", async ({ baseURL }) => {
    const owner = await signUpOwner(baseURL!);
    const { client: customer } = await signUpCustomer(baseURL!);
    const streams = await Promise.all([
      stream(baseURL!, "/api/orders/events", customer),
      stream(second(), "/api/orders/events", customer),
      stream(second(), `/api/manage/${owner.restaurant.id}/orders/events`, owner.client),
    ]);
    try {
      for (const s of streams) expect(s.status).toBe(200);
      // The order is placed through the first process; the second learns of it from the database.
      const orderId = await placeOrder(owner, customer);
      const order = await stream(second(), `/api/orders/${orderId}/events`, customer, { "Last-Event-ID": "0" });
      streams.push(order);
      const seen = await Promise.all(streams.map((s) => s.waitFor((m) => m.data.orderId === orderId && m.data.stage === "placed", "the placed event")));
      for (const message of seen) {
        expect(message.event).toBe("order");
        expect(message.id).toBe(seen[0]!.id);
        expect(message.data).toEqual({
          id: seen[0]!.id,
          orderId,
          restaurantId: owner.restaurant.id,
          stage: "placed",
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        });
      }
      // Each stream got it once; the customer's order stream got nothing of other orders.
      for (const s of streams) expect(s.messages.filter((m) => m.id === seen[0]!.id)).toHaveLength(1);
      expect(order.messages.every((m) => m.data.orderId === orderId)).toBe(true);
    } finally {
      for (const s of streams) s.close();
    }
  });

  test("a stream resumes after Last-Event-ID (header or ?lastEventId=) with every event it missed, once", async ({ baseURL }) => {
    const owner = await signUpOwner(baseURL!);
    const { client: customer } = await signUpCustomer(baseURL!);
    const first = await placeOrder(owner, customer);
    const secondOrder = await placeOrder(owner, customer);
    const third = await placeOrder(owner, customer);
    // A stream that saw the first order's event reconnects: it gets the two later ones, in order.
    const all = await stream(baseURL!, "/api/orders/events", customer, { "Last-Event-ID": "0" });
    const placed = await Promise.all([first, secondOrder, third].map((id) => all.waitFor((m) => m.data.orderId === id)));
    all.close();
    expect(placed.map((m) => m.id)).toEqual([...placed.map((m) => m.id)].sort((a, b) => a - b));
    for (const [how, open] of [
      ["header", () => stream(second(), "/api/orders/events", customer, { "Last-Event-ID": String(placed[0]!.id) })],
      ["query", () => stream(second(), `/api/orders/events?lastEventId=${placed[0]!.id}`, customer)],
    ] as const) {
      const resumed = await open();
      try {
        await resumed.waitFor((m) => m.data.orderId === third, `the third order's event (${how})`);
        expect(
          resumed.messages.map((m) => m.data.orderId),
          how,
        ).toEqual([secondOrder, third]);
      } finally {
        resumed.close();
      }
    }
    // The owner's stream replays the restaurant's events the same way.
    const board = await stream(second(), `/api/manage/${owner.restaurant.id}/orders/events`, owner.client, { "Last-Event-ID": String(placed[1]!.id) });
    try {
      await board.waitFor((m) => m.data.orderId === third);
      expect(board.messages.map((m) => m.data.orderId)).toEqual([third]);
    } finally {
      board.close();
    }
  });

  test("HEAD on each stream answers its headers at once and holds no stream: a GET still gets in after more HEADs than an account may hold streams", async ({
    baseURL,
  }) => {
    const owner = await signUpOwner(baseURL!);
    const { client: customer } = await signUpCustomer(baseURL!);
    const orderId = await placeOrder(owner, customer);
    // ORDER_EVENTS_MAX_STREAMS_PER_USER's default: a HEAD that held a stream would fill it.
    const perAccount = 16;
    for (const [path, client] of [
      ["/api/orders/events", customer],
      [`/api/orders/${orderId}/events`, customer],
      [`/api/manage/${owner.restaurant.id}/orders/events`, owner.client],
    ] as const) {
      const cookie = await cookieOf(client);
      const heads = await Promise.all(Array.from({ length: perAccount + 1 }, () => fetch(`${baseURL}${path}`, { method: "HEAD", headers: { cookie } })));
      for (const head of heads) {
        expect(head.status, path).toBe(200);
        expect(head.headers.get("content-type"), path).toMatch(/^text\/event-stream/);
        expect(
          [...head.headers.keys()].filter((name) => name.startsWith("x-nosh")),
          path,
        ).toEqual([]);
      }
      const events = await stream(baseURL!, path, client);
      events.close();
      expect(events.status, path).toBe(200);
    }
    // Who may not open a stream may not HEAD it either.
    expect((await fetch(`${baseURL}/api/orders/events`, { method: "HEAD" })).status).toBe(401);
  });

  test("a person's one stream (GET /api/events) carries their orders and every restaurant they own, never another owner's board or another customer's orders", async ({
    baseURL,
  }) => {
    const owner = await signUpOwner(baseURL!);
    // A second restaurant of the owner's: its orders reach the same stream.
    const second_ = await createRestaurant(owner.client, { name: `Second kitchen ${Date.now()}` });
    const dish = await createItem(owner.client, second_.id);
    const rival = await signUpOwner(baseURL!);
    const { client: customer } = await signUpCustomer(baseURL!);
    const { client: stranger } = await signUpCustomer(baseURL!);
    const [ownerStream, customerStream, strangerStream] = await Promise.all([
      stream(second(), "/api/events", owner.client),
      stream(baseURL!, "/api/events", customer),
      stream(second(), "/api/events", stranger),
    ]);
    try {
      for (const s of [ownerStream, customerStream, strangerStream]) expect(s.status).toBe(200);
      const atFirst = await placeOrder(owner, customer);
      const atSecond = await placeOrder({ ...owner, restaurant: second_, item: dish }, customer);
      const elsewhere = await placeOrder(rival, stranger);
      const placed = (s: EventStream, orderId: number) => s.waitFor((m) => m.data.orderId === orderId && m.data.stage === "placed", `order ${orderId} placed`);
      // The owner hears both kitchens' orders (not theirs as a customer: mine false); the customer their own (mine true).
      for (const orderId of [atFirst, atSecond]) {
        expect((await placed(ownerStream, orderId)).data.mine).toBe(false);
        expect((await placed(customerStream, orderId)).data.mine).toBe(true);
      }
      expect((await placed(strangerStream, elsewhere)).data).toMatchObject({ restaurantId: rival.restaurant.id, mine: true });
      // The stranger's order has been seen by the stranger's stream: by then the other streams would have it too.
      await expect.poll(() => ownerStream.messages.length + customerStream.messages.length).toBeGreaterThanOrEqual(4);
      expect(ownerStream.messages.filter((m) => m.data.orderId === elsewhere)).toEqual([]);
      expect(customerStream.messages.filter((m) => m.data.orderId === elsewhere)).toEqual([]);
      expect(strangerStream.messages.filter((m) => [atFirst, atSecond].includes(m.data.orderId))).toEqual([]);
    } finally {
      for (const s of [ownerStream, customerStream, strangerStream]) s.close();
    }
    // A guest has one too; nobody signed in gets the contract's 401; `app` names the courier app or nothing.
    const guest = await signUpGuest(baseURL!);
    const guestStream = await stream(baseURL!, "/api/events", guest.client);
    guestStream.close();
    expect(guestStream.status).toBe(200);
    const anonymous = await openEventStream(`${baseURL}/api/events`, {});
    expect(anonymous.status).toBe(401);
    const junk = await stream(baseURL!, "/api/events?app=kitchen", customer);
    expect(junk.status).toBe(400);
    expect(JSON.parse(junk.text)).toEqual({ message: expect.stringContaining("app"), errors: { app: expect.any(String) } });
  });

  test("a junk Last-Event-ID is a 400 naming the field", async ({ baseURL }) => {
    const { client } = await signUpCustomer(baseURL!);
    for (const value of ["abc", "-1", "1.5", "99999999999"]) {
      const refused = await stream(baseURL!, "/api/orders/events", client, { "Last-Event-ID": value });
      expect(refused.status, value).toBe(400);
      expect(JSON.parse(refused.text)).toEqual({ message: expect.stringContaining("lastEventId"), errors: { lastEventId: expect.any(String) } });
    }
  });

  test("a stream ends when its session does: logout, and log out everywhere from another device", async ({ baseURL }) => {
    const signed = await signUpCustomer(baseURL!);
    const events = await stream(baseURL!, "/api/orders/events", signed.client);
    expect(events.status).toBe(200);
    expect((await signed.client.get("/api/auth/logout")).status()).toBe(200);
    await events.ended;
    expect(events.isEnded()).toBe(true);

    // Two devices: the stream on one ends when the other logs out everywhere.
    const phone = await newClient(baseURL!);
    expect((await phone.post("/api/auth/login", { credential: signed.email, password: signed.password })).status()).toBe(200);
    const laptop = await newClient(second());
    expect((await laptop.post("/api/auth/login", { credential: signed.email, password: signed.password })).status()).toBe(200);
    const onPhone = await stream(baseURL!, "/api/orders/events", phone);
    expect(onPhone.status).toBe(200);
    expect((await laptop.post("/api/auth/logout-everywhere")).status()).toBe(200);
    await onPhone.ended;
    // And the cookie it held cannot open a new one.
    expect((await stream(baseURL!, "/api/orders/events", phone)).status).toBe(401);
    await Promise.all([phone.dispose(), laptop.dispose()]);
  });
});
