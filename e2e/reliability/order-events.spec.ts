import { chromium, expect, test } from "@playwright/test";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { cookieOf, openEventStream, type EventStream } from "../support/events";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { freshDataDir, reliabilityPort, startServer, type Server } from "../support/reliability";

// Live order events across a restart (docs/architecture/live-order-events.md, "Live order events"): two server processes on one
// database, the customer's stream held on the first. The first is stopped mid-journey, steps
// happen on the second while it is down, and after it is back the client reconnects with
// Last-Event-ID and has every step, once, in order. The events are rows, not memory.
// The first server runs with short header and request timeouts: a stream outlives them.

const NAME = "order-events";
const TIMEOUTS = { NOSH_HEADERS_TIMEOUT_MS: "1000", NOSH_REQUEST_TIMEOUT_MS: "2000", ORDER_EVENTS_KEEP_ALIVE_MS: "400" };
let first: Server;
let second: Server;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  freshDataDir(NAME);
  first = await startServer({ name: NAME, port: reliabilityPort(8), env: TIMEOUTS });
  second = await startServer({ name: NAME, port: reliabilityPort(9), env: TIMEOUTS });
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

async function placeOrder(owner: Awaited<ReturnType<typeof signUpOwner>>, customer: Client): Promise<number> {
  const created = await customer.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await customer.put(`/api/orders/${id}/submit`, standardWallet)).status()).toBe(200);
  return id;
}

const customerStream = async (server: Server, customer: Client, lastEventId?: number): Promise<EventStream> =>
  openEventStream(`${server.url}/api/orders/events`, {
    cookie: await cookieOf(customer),
    ...(lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) }),
  });

test("a stream outlives the server's header and request timeouts and still delivers", async () => {
  const owner = await signUpOwner(second.url);
  const { client: customer } = await signUpCustomer(first.url);
  const events = await customerStream(first, customer);
  try {
    expect(events.status).toBe(200);
    // Ten keep-alives at 400 ms: twice the 2 s request timeout has passed on this connection.
    await expect.poll(() => events.comments.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
    expect(events.isEnded()).toBe(false);
    const orderId = await placeOrder(owner, customer);
    await events.waitFor((m) => m.data.orderId === orderId && m.data.stage === "placed");
  } finally {
    events.close();
  }
});

test("stop and restart the server a stream is on mid-journey: after reconnecting with Last-Event-ID nothing is missing", async () => {
  const owner = await signUpOwner(second.url);
  const signed = await signUpCustomer(first.url);
  const customer = signed.client;
  const onSecond = await signInOn(second, signed);
  const events = await customerStream(first, customer);
  const orderA = await placeOrder(owner, customer);
  await events.waitFor((m) => m.data.orderId === orderA && m.data.stage === "placed");

  // The server the stream is on stops (SIGTERM): the stream ends instead of holding the
  // shutdown, as an EventSource would see it.
  await first.stop();
  await events.ended;
  // It stopped cleanly within the grace period (not SIGKILLed at its end): an open stream does
  // not hold a graceful shutdown open (server/lifecycle.mjs).
  expect(await first.exited).toBe(0);
  const lastSeen = events.messages.at(-1)!.id;

  // The journey goes on through the other process meanwhile.
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${orderA}`, { status: "Completed" })).status()).toBe(200);
  const orderB = await placeOrder(owner, onSecond);
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${orderB}`, { status: "Canceled" })).status()).toBe(200);

  first = await startServer({ name: NAME, port: reliabilityPort(8), env: TIMEOUTS });
  const resumed = await customerStream(first, customer, lastSeen);
  try {
    expect(resumed.status).toBe(200);
    await resumed.waitFor((m) => m.data.orderId === orderB && m.data.stage === "rejected", "order B's rejection");
    // A step after the reconnect arrives live on the same stream.
    const orderC = await placeOrder(owner, onSecond);
    await resumed.waitFor((m) => m.data.orderId === orderC && m.data.stage === "placed", "order C's placed event");

    const received = [...events.messages, ...resumed.messages];
    expect(received.map((m) => [m.data.orderId, m.data.stage])).toEqual([
      [orderA, "placed"],
      [orderA, "delivered"],
      [orderB, "placed"],
      [orderB, "rejected"],
      [orderC, "placed"],
    ]);
    const ids = received.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The same steps as the orders' own timelines.
    for (const id of [orderA, orderB]) {
      const order = (await (await customer.get(`/api/orders/${id}`)).json()) as { timeline: { stage: string }[] };
      expect(order.timeline.map((step) => step.stage)).toEqual(received.filter((m) => m.data.orderId === id).map((m) => m.data.stage));
    }
  } finally {
    resumed.close();
  }
});

test("the customer's order page, served by the process that restarts mid-journey, shows every step once it is back", async () => {
  const owner = await signUpOwner(second.url);
  const signed = await signUpCustomer(first.url);
  const orderId = await placeOrder(owner, signed.client);
  const move = async (step: Record<string, unknown>) => {
    const moved = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/stage`, step);
    expect(moved.status(), await moved.text()).toBe(200);
  };
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const context = await browser.newContext({ baseURL: first.url, storageState: await signed.client.ctx.storageState(), serviceWorkers: "block" });
    const page = await context.newPage();
    const streamOpened = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/events");
    await page.goto(`/orders/${orderId}`);
    const progress = page.getByRole("list", { name: "Order progress" });
    const current = progress.locator('li[aria-current="step"]');
    await expect(current).toContainText("Order placed");
    await streamOpened;
    // An accepted order's page shows a part of its own (the kitchen's changes, OrderChanges): its
    // chunk's request is held until the server has stopped, then sent to it, as a request the
    // restart caught (the flake CI saw: the page turned into "This page couldn't load" for good).
    let caught = 0;
    let stopped = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      if (stopped) return route.continue();
      const response = await route.fetch();
      if (!(await response.text()).includes("order-changes-title")) return route.fulfill({ response });
      caught++;
      await released;
      await route.continue();
    });
    await move({ stage: "accepted", prepMinutes: 15 });
    await expect(current).toContainText("Accepted by the restaurant");
    await expect.poll(() => caught, { message: "the changes' chunk, asked for once the order is accepted" }).toBeGreaterThan(0);

    // The page's server stops; two steps happen on the other process while it is down.
    await first.stop();
    stopped = true;
    release();
    await move({ stage: "ready" });
    await move({ stage: "out_for_delivery" });
    const changesRead = page.waitForRequest(`${first.url}/api/orders/${orderId}/changes`, { timeout: 30_000 });
    first = await startServer({ name: NAME, port: reliabilityPort(8), env: TIMEOUTS });

    // The browser reconnects by itself and the page shows the server's state: every step, once;
    // the part whose chunk failed loads once the server is back, and reads the order's changes.
    await expect(current).toContainText("Out for delivery", { timeout: 30_000 });
    await changesRead;
    await expect(progress.locator("li time")).toHaveCount(4);
    await expect(progress.locator("li").filter({ has: page.locator("time") })).toHaveText([/Order placed/, /Accepted by the restaurant/, /Ready/, /Out for delivery/]);
    // And it is live again: the next step arrives without a reload.
    await move({ stage: "delivered" });
    await expect(current).toContainText("Delivered");
  } finally {
    await browser.close();
  }
});

test("a process holds at most ORDER_EVENTS_MAX_STREAMS streams and an account ORDER_EVENTS_MAX_STREAMS_PER_USER; a stream whose client left frees its place", async () => {
  const limited = await startServer({ name: NAME, port: reliabilityPort(10), env: { ORDER_EVENTS_MAX_STREAMS: "3", ORDER_EVENTS_MAX_STREAMS_PER_USER: "2" } });
  const streams: EventStream[] = [];
  const open = async (client: Client) => {
    const stream = await customerStream(limited, client);
    streams.push(stream);
    return stream;
  };
  try {
    const [a, b] = [await signUpCustomer(limited.url), await signUpCustomer(limited.url)];
    const first = await open(a.client);
    expect((await open(a.client)).status).toBe(200);
    expect(first.status).toBe(200);
    // The host writes the stream itself: the hand-off's ticket never reaches the client.
    expect([...first.headers.keys()].filter((name) => name.startsWith("x-nosh"))).toEqual([]);
    await expect.poll(() => first.retry).not.toBeNull();
    const perAccount = await open(a.client);
    expect(perAccount.status).toBe(429);
    expect(perAccount.headers.get("retry-after")).toBe("5");
    expect(JSON.parse(perAccount.text).message).toBe("At most 2 live connections per account. Close a tab and try again");
    expect((await open(b.client)).status).toBe(200);
    const perProcess = await open(b.client);
    expect(perProcess.status).toBe(503);
    expect(JSON.parse(perProcess.text).message).toBe("Too many live connections on this server. Try again in a moment");
    // The first client goes away: the server notices the closed connection and its place is free.
    first.close();
    await expect
      .poll(
        async () => {
          const again = await open(b.client);
          again.close();
          return again.status;
        },
        { timeout: 10_000 },
      )
      .toBe(200);
  } finally {
    for (const stream of streams) stream.close();
    await limited.stop();
  }
});

/** The same account signed in on another server (the session cookie works on every process). */
async function signInOn(server: Server, signed: Awaited<ReturnType<typeof signUpCustomer>>): Promise<Client> {
  const client = await newClient(server.url);
  expect((await client.post("/api/auth/login", { credential: signed.email, password: signed.password })).status()).toBe(200);
  return client;
}
