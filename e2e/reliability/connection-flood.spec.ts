import { expect, test } from "@playwright/test";
import http from "node:http";
import net from "node:net";
import { signUpCustomer } from "../support/api";
import { cookieOf, openEventStream } from "../support/events";
import { freshDataDir, reliabilityPort, startServer, type Server } from "../support/reliability";

// A flood of half-sent requests past the connection cap (server/connections.mjs shedConnections): a new
// client is let in at once by shedding the connections waiting longest for their request, while
// the flood's sockets are still open, instead of waiting out the header timeout; a live event
// stream (a request under way) is never shed. The header timeout is a minute here, so nothing
// but shedding can make room during the test.

const MAX_CONNECTIONS = 64;
let server: Server;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  freshDataDir("flood");
  server = await startServer({
    name: "flood",
    port: reliabilityPort(12),
    env: {
      NOSH_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      NOSH_HEADERS_TIMEOUT_MS: "60000",
      NOSH_REQUEST_TIMEOUT_MS: "120000",
      ORDER_EVENTS_KEEP_ALIVE_MS: "300",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

type Flood = { sockets: net.Socket[]; closed: () => number; answered: () => number; end: () => void };

/** Opens `count` connections that each send a request line and one header, never the blank line. */
async function halfSent(count: number): Promise<Flood> {
  const { hostname, port } = new URL(server.url);
  let closed = 0;
  let answered = 0;
  const sockets: net.Socket[] = [];
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect({ host: hostname, port: Number(port) }, () => {
            socket.write(`GET /api/auth/ HTTP/1.1\r\nHost: ${hostname}\r\n`);
            resolve();
          });
          socket.once("data", () => answered++);
          socket.on("error", () => {});
          socket.on("close", () => {
            closed++;
            resolve();
          });
          sockets.push(socket);
        }),
    ),
  );
  return { sockets, closed: () => closed, answered: () => answered, end: () => sockets.forEach((s) => s.destroy()) };
}

/** GET /api/auth/ over a connection of its own (fetch might reuse one opened before the flood). */
const newClientGet = () =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(`${server.url}/api/auth/`, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    });
    request.on("error", reject);
  });

test("over the cap, half-sent requests give way: a new client is answered while they are still open", async () => {
  const flood = await halfSent(MAX_CONNECTIONS + 40);
  try {
    // The server sheds one for each connection over the cap (those opened first).
    await expect.poll(flood.closed).toBeGreaterThanOrEqual(40);
    const answer = await newClientGet();
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ message: "Unauthorized" });
    // Room was made by shedding, not by the header timeout: the rest of the flood is still open
    // and unanswered (the new client's connection took one more slot, and may have shed one).
    const open = flood.sockets.filter((s) => !s.destroyed).length;
    expect(open).toBeGreaterThanOrEqual(MAX_CONNECTIONS - 2);
    expect(flood.answered()).toBe(0);
  } finally {
    flood.end();
  }
});

test("a live event stream is never shed: it keeps delivering through a flood past the cap", async () => {
  const { client } = await signUpCustomer(server.url);
  const events = await openEventStream(`${server.url}/api/orders/events`, { cookie: await cookieOf(client) });
  expect(events.status).toBe(200);
  const flood = await halfSent(MAX_CONNECTIONS * 2);
  try {
    await expect.poll(flood.closed).toBeGreaterThanOrEqual(MAX_CONNECTIONS);
    const seen = events.comments.length;
    // Keep-alive comments every 300 ms go on arriving on the stream's connection.
    await expect.poll(() => events.comments.length).toBeGreaterThan(seen + 2);
    expect(events.isEnded()).toBe(false);
    expect((await newClientGet()).status).toBe(401);
    expect(events.isEnded()).toBe(false);
  } finally {
    flood.end();
    events.close();
  }
});
