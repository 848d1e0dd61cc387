import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { createOrder, standardWallet } from "../support/orders";
import { freshDataDir, moneyProblems, openReadOnly, startServer, type Server } from "../support/reliability";

// Operations on a server of its own (`npm start`'s host, E2E_PORT+10, data/e2e-ops, LOG_LEVEL=debug):
// /healthz and /readyz without a session, /metrics with the worker's and the primary's lines and
// route templates for labels, the request id, the log that never holds a password, a card number,
// a session cookie or an address, and `npm run backup` under 20 parallel checkouts restored into a
// fresh folder (docs/architecture/operations.md). The token in production: production.api.spec.ts.

test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_PORT ?? 3111) + 10;
let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ port: PORT, dataDir: "data/e2e-ops", args: [], env: { DATABASE_URL: "", LOG_LEVEL: "debug", NEXT_TELEMETRY_DISABLED: "1" } });
});
test.afterAll(async () => {
  await server?.stop();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { headers });

test("/healthz and /readyz answer without a session, as JSON with each check; /readyz every second is cheap", async () => {
  const alive = await get("/healthz");
  expect(alive.status).toBe(200);
  expect(alive.headers.get("set-cookie")).toBeNull();
  expect(await alive.json()).toMatchObject({ status: "alive", checks: { host: { ok: true }, worker: { ok: true } } });
  const ready = await get("/readyz");
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({
    status: "ready",
    checks: { worker: { ok: true }, heap: { ok: true }, database: { ok: true }, migrations: { ok: true }, outbox: { ok: true } },
  });
  const started = Date.now();
  for (let i = 0; i < 20; i++) expect((await get("/readyz")).status).toBe(200);
  expect(Date.now() - started).toBeLessThan(2_000);
});

test("every answer carries X-Request-Id: a new one, or the caller's when valid; the log lines of the request carry it", async () => {
  const fresh = await get("/api/restaurants");
  const id = fresh.headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const kept = await get("/api/restaurants", { "X-Request-Id": "edge-lb-0123456789" });
  expect(kept.headers.get("x-request-id")).toBe("edge-lb-0123456789");
  const replaced = await get("/", { "X-Request-Id": "no spaces allowed here" });
  expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => server.output()).toContain("(edge-lb-0123456789) request");
});

test("/metrics: Prometheus text of both processes, requests by route template (never the raw URL), the app's figures", async () => {
  for (const id of [1, 2, 3]) await (await get(`/api/restaurants/${id}`)).arrayBuffer();
  const answer = await get("/metrics");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  expect(text).toMatch(/^nosh_http_request_duration_seconds_count\{route="\/api\/restaurants\/\[id\]",method="GET",status="200",served="next"\} [1-9]\d*$/m);
  expect(text).not.toMatch(/route="\/api\/restaurants\/\d/);
  for (const name of [
    "nosh_outbox_depth",
    "nosh_outbox_oldest_seconds",
    "nosh_dispatch_unassigned_jobs",
    "nosh_event_streams_open",
    "process_resident_memory_bytes",
    "nosh_primary_resident_memory_bytes",
    "nosh_primary_worker_restarts_total",
  ]) {
    expect(text, name).toMatch(new RegExp(`^${name} \\d`, "m"));
  }
  expect(text).toMatch(/^nosh_db_query_duration_seconds_count\{kind="\w+"\} [1-9]/m);
  // One series a state once there are card payments (lib/server/web/operations.test.ts counts them).
  expect(text).toContain("# TYPE nosh_payments gauge");
});

test("a catalog page is kept from its first visit: the second is replayed, and so are visits while it renders; /metrics counts each with why", async () => {
  const page = `/restaurants/1?visit=${Date.now()}`;
  const figure = async (pattern: RegExp) => Number(pattern.exec(await (await get("/metrics")).text())?.[1] ?? 0);
  const counts = async () => ({
    once: await figure(/^nosh_kept_pages_total\{outcome="rendered",reason="once",by=""\} (\d+)$/m),
    keeping: await figure(/^nosh_kept_pages_total\{outcome="rendered",reason="keeping",by=""\} (\d+)$/m),
    replayed: await figure(/^nosh_kept_pages_total\{outcome="replayed",reason="",by=""\} (\d+)$/m),
  });
  const before = await counts();
  // A replay is the kept page, which paints first (its scripts after one loader); a render is Next.js's own.
  const replayed = async (path = page) => {
    const response = await get(path, { "accept-encoding": "gzip" });
    expect(response.status).toBe(200);
    return (await response.text()).includes("__noshScripts()");
  };
  expect(await replayed(), "a first visit is rendered, and kept").toBe(false);
  expect(await replayed(), "the second is replayed").toBe(true);
  expect(await replayed()).toBe(true);
  expect(await counts()).toEqual({ once: before.once + 1, keeping: before.keeping, replayed: before.replayed + 2 });
  // Four visitors of a page at once: one render, which the other three wait for and are replayed.
  const together = await Promise.all(Array.from({ length: 4 }, () => replayed(`${page}&together`)));
  expect(together.filter(Boolean)).toHaveLength(3);
  expect(await counts()).toEqual({ once: before.once + 2, keeping: before.keeping, replayed: before.replayed + 5 });
  const text = await (await get("/metrics")).text();
  expect(text).toMatch(/^nosh_kept_pages_hit_ratio 0\.\d+$/m);
  expect(text).toMatch(/^nosh_kept_answers_bytes\{what="kept"\} [1-9]\d*$/m);
  expect(text).toMatch(/^nosh_kept_answers_bytes\{what="budget"\} [1-9]\d*$/m);
});

test("the log never holds a password, a card number, a session cookie or an address, whatever the requests carry", async () => {
  const secrets = { password: "Sw0rdfish-Lantern-Quay", card: "4000000000000002", address: "1234 Lakeshore Drive" };
  const signup = await newClient(server.url);
  const email = `ops-${Date.now()}@example.com`;
  expect((await signup.post("/api/auth/signup", { name: "Ops Person", credential: email, password: secrets.password })).status()).toBe(201);
  await signup.dispose();
  const client = await newClient(server.url);
  expect((await client.post("/api/auth/login", { credential: email, password: `${secrets.password}x` })).status()).toBe(401);
  expect((await client.post("/api/auth/login", { credential: email, password: secrets.password })).status()).toBe(200);
  expect((await client.post("/api/test-provider/payment-methods", { number: secrets.card, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })).status()).toBe(
    201,
  );
  const added = await client.post("/api/addresses", { label: "Home", address: secrets.address, city: "San Francisco", state: "CA", zip: "94105" });
  expect(added.status()).toBeLessThan(500);
  const order = await createOrder(client);
  const submitted = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, deliveryAddress: `${secrets.address}, San Francisco, CA 94105` });
  expect(submitted.status()).toBeLessThan(500);
  const cookies = (await client.ctx.storageState()).cookies.filter((cookie) => cookie.name.includes("session"));
  expect(cookies.length).toBeGreaterThan(0);
  // The access lines (LOG_LEVEL=debug) of those requests are written, their headers without the cookie.
  await expect.poll(() => server.output()).toContain('"route":"/api/orders/[id]/submit"');
  const log = server.output();
  expect(log).toContain('"cookie":"[redacted]"');
  for (const [what, value] of [...Object.entries(secrets), ...cookies.map((cookie) => ["session cookie", cookie.value] as const)]) {
    expect(log.includes(value), `${what} in the log`).toBe(false);
  }
  await client.dispose();
});

test("npm run backup under 20 parallel checkouts, restored into a fresh folder: every order answered 201 is there, the ledger balanced", async () => {
  test.setTimeout(120_000);
  const run = promisify(execFile);
  const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
  const script = (name: string, args: string[], env: Record<string, string>) =>
    run(process.execPath, [tsx, "--conditions=react-server", `scripts/${name}.ts`, ...args], { env: { ...process.env, DATABASE_URL: "", ...env } });
  const customers: Client[] = await Promise.all(Array.from({ length: 20 }, async () => (await signUpCustomer(server.url)).client));
  // Every order is answered 201 before the backup starts; their payments run while it copies.
  const orders = await Promise.all(customers.map((client) => createOrder(client)));
  const backupDir = freshDataDir("data/e2e-ops-backups");
  const [backup, submits] = await Promise.all([
    script("backup", [], { DATA_DIR: server.dataDir, BACKUP_DIR: backupDir }),
    Promise.all(customers.map((client, i) => client.put(`/api/orders/${orders[i]!.id}/submit`, standardWallet).then((answer) => answer.status()))),
  ]);
  expect(submits.every((status) => status === 200)).toBe(true);
  const folder = /^backup: (\S+) /.exec(backup.stdout)?.[1];
  expect(folder, backup.stdout).toBeTruthy();
  const restoredDir = freshDataDir("data/e2e-ops-restored");
  const restored = await script("restore", [folder!], { DATA_DIR: restoredDir });
  expect(restored.stdout).toContain("integrity ok, migrations applied, ledger balanced");
  const db = openReadOnly(path.join(restoredDir, "nosh.db"));
  try {
    const ids = new Set((db.prepare(`SELECT "id" FROM "Order"`).all() as { id: number }[]).map((row) => row.id));
    expect(orders.filter((order) => !ids.has(order.id))).toEqual([]);
    expect(moneyProblems(db)).toEqual([]);
  } finally {
    db.close();
  }
  // A server running on the folder: restore refuses.
  const refused = await script("restore", [folder!], { DATA_DIR: server.dataDir }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain("restore refused: a server is running on");
  await Promise.all(customers.map((client) => client.dispose()));
});
