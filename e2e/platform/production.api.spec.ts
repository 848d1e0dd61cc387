import { expect, test } from "../fixtures";
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import path from "node:path";
import { sealData, unsealData } from "iron-session";
import { discoverApiRoutes, discoverPages } from "../support/matrix";
import { startServer, type Server } from "../support/server";

// A server of its own in production mode (NOSH_ENV=production, SESSION_SECRET set, its own
// database), spoken to with plain fetch and a hand-kept cookie jar so that Secure cookies over
// http and every Set-Cookie attribute are visible as sent. Proves: session cookie attributes,
// HSTS, the absolute and idle lifetimes and the idle renewal, and that no GET changes state.

test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_PORT ?? 3111) + 2;
const DATA_DIR = "data/e2e-prod";
const SECRET = "production-test-secret-0123456789abcdef";
// Not the defaults, to prove the settings are read: 1 day absolute, 1 hour idle, renewal after 1 minute.
const LIFETIMES = { absolute: 86_400, idle: 3_600, refresh: 60 };
const SESSION = "__Host-nosh_session";
const METRICS_TOKEN = "production-metrics-token-0123456789";

let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    port: PORT,
    dataDir: DATA_DIR,
    args: [],
    env: {
      // Its own SQLite file even when the suite runs on PostgreSQL (npm run test:postgres): the
      // shared database changes under other tests, and the digest below reads this file.
      DATABASE_URL: "",
      NOSH_ENV: "production",
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      SESSION_SECRET: SECRET,
      BCRYPT_COST: "10",
      // No Stripe keys here: a staging site on the built-in test provider, said out loud
      // (production without either refuses to start: e2e/reliability/production-payments.spec.ts).
      PAYMENTS: "test",
      // Demo data and demo login are off by default in production (e2e/reliability/access.spec.ts);
      // the session proofs below sign in as the demo accounts.
      NOSH_DEMO: "on",
      NOSH_SEED: "true",
      // Every call comes from one address: account creation and login limits off.
      SIGNUP_MAX_PER_ADDRESS: "0",
      GUEST_MAX_PER_ADDRESS: "0",
      LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "0",
      LOGIN_MAX_SUCCESSES_PER_ADDRESS: "0",
      SESSION_ABSOLUTE_SECONDS: String(LIFETIMES.absolute),
      SESSION_IDLE_SECONDS: String(LIFETIMES.idle),
      SESSION_REFRESH_SECONDS: String(LIFETIMES.refresh),
      // /metrics in production only with its bearer token (docs/architecture/operations.md).
      METRICS_TOKEN: METRICS_TOKEN,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A client with a cookie jar kept by hand: it sends every cookie it was given, Secure or not. */
class Jar {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { Accept: "application/json", ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const token = this.cookies.get("XSRF-TOKEN");
    if (method !== "GET" && token) h["XSRF-Token"] = token;
    if (body !== undefined) h["Content-Type"] = "application/json";
    const response = await fetch(server.url + url, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (!value || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  static async signedIn(as: "anonymous" | "guest" | number): Promise<Jar> {
    const jar = new Jar();
    await jar.call("GET", "/api/auth/");
    if (as === "guest") expect((await jar.call("POST", "/api/auth/guest")).status).toBe(201);
    if (typeof as === "number") expect((await jar.call("POST", `/api/users/demo/${as}`)).status).toBe(200);
    return jar;
  }
}

type SessionData = { userId: number; version: number; sid: string; createdAt: number; seenAt: number };
const seal = (data: SessionData) => sealData(data, { password: SECRET, ttl: LIFETIMES.absolute + 60 });
const unseal = (value: string) => unsealData<SessionData>(decodeURIComponent(value), { password: SECRET, ttl: LIFETIMES.absolute + 60 });
const now = () => Math.floor(Date.now() / 1000);

/** GET /api/auth/ with only this session cookie; the status and any renewed cookie. */
async function restore(value: string): Promise<{ status: number; renewed?: string }> {
  const response = await fetch(`${server.url}/api/auth/`, { headers: { cookie: `${SESSION}=${value}` } });
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${SESSION}=`));
  return { status: response.status, renewed: line?.slice(SESSION.length + 1).split(";")[0] };
}

test("the session cookie is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain, Max-Age = idle lifetime", async () => {
  const jar = await Jar.signedIn("anonymous");
  expect((await jar.call("POST", "/api/auth/guest")).status).toBe(201);
  const line = jar.lastSetCookies.find((l) => l.startsWith(`${SESSION}=`));
  expect(line, jar.lastSetCookies.join("\n")).toBeDefined();
  const attributes = line!
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/", `max-age=${LIFETIMES.idle}`]));
  expect(attributes.some((a) => a.startsWith("domain"))).toBe(false);
  expect(jar.lastSetCookies.some((l) => l.startsWith("nosh_session="))).toBe(false);

  const xsrf = (await fetch(`${server.url}/api/auth/`)).headers.getSetCookie().find((l) => l.startsWith("XSRF-TOKEN="))!;
  expect(xsrf.toLowerCase()).toContain("secure");
  expect(xsrf.toLowerCase()).not.toContain("httponly");
  // The cookie works when sent back.
  expect((await jar.call("GET", "/api/auth/")).status).toBe(200);
});

test("/metrics in production: 401 without the bearer token or with another, the figures with it; /healthz and /readyz stay open", async () => {
  const metrics = (authorization?: string) => fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
  const bare = await metrics();
  expect(bare.status).toBe(401);
  expect(bare.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
  expect(await bare.json()).toEqual({ message: "A bearer token is required for /metrics" });
  expect((await metrics("Bearer wrong-token")).status).toBe(401);
  expect((await metrics(METRICS_TOKEN)).status).toBe(401);
  const scraped = await metrics(`Bearer ${METRICS_TOKEN}`);
  expect(scraped.status).toBe(200);
  expect(await scraped.text()).toContain("nosh_primary_resident_memory_bytes");
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
});

test("HSTS is sent in production, with the nonce policy", async () => {
  const response = await fetch(`${server.url}/login`);
  expect(response.status).toBe(200);
  expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(Number(/max-age=(\d+)/.exec(response.headers.get("strict-transport-security")!)![1])).toBeGreaterThanOrEqual(31_536_000);
  expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic';/);
  expect(response.headers.get("content-security-policy")).not.toContain("unsafe-eval");
});

test("without SMTP_URL, start-up warns that email is skipped, and the development mailbox is a 404 (docs/architecture/notifications.md)", async () => {
  await expect.poll(() => server.output()).toContain("SMTP_URL is not set: email notifications are recorded as skipped");
  expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
});

test("without Google or Apple configured, no page offers them, their routes answer 404 and the sign-in stand-in is not served (docs/architecture/accounts-security.md)", async () => {
  for (const page of ["/login", "/signup"]) expect(await (await fetch(`${server.url}${page}`)).text()).not.toMatch(/Continue with (Google|Apple)/);
  expect((await fetch(`${server.url}/api/auth/oidc/google/callback?state=x`, { redirect: "manual" })).status).toBe(404);
  expect((await fetch(`${server.url}/dev/sign-in/google/.well-known/openid-configuration`)).status).toBe(404);
});

test("PAYMENTS=test (a staging site): every page, the shop's, the owner's and the operator's, says no real money moves, the operators' dashboard too; the test provider's card form works", async () => {
  const [visitor, owner, operator] = [await Jar.signedIn("anonymous"), await Jar.signedIn(1), await Jar.signedIn(9)];
  const pages: [Jar, string, number][] = [
    [visitor, "/", 200],
    [visitor, "/login", 200],
    [owner, "/restaurants/manage", 200],
    [operator, "/admin", 200],
    [visitor, "/test-provider/3ds/pi_000000000000000000000000", 404],
  ];
  for (const [jar, page, status] of pages) {
    const response = await jar.call("GET", page, undefined, { Accept: "text/html" });
    expect(response.status, page).toBe(status);
    expect(await response.text(), page).toContain("Test mode: no real money moves");
  }
  expect(await (await operator.call("GET", "/admin", undefined, { Accept: "text/html" })).text()).toContain("Payments are in test mode (PAYMENTS=test)");
  const token = await visitor.call("POST", "/api/test-provider/payment-methods", {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2034,
    cvc: "123",
    postalCode: "94110",
  });
  expect(token.status).toBe(201);
});

test("a session ends at its absolute lifetime however active, and after its idle lifetime", async () => {
  const jar = await Jar.signedIn(3);
  const real = await unseal(jar.cookies.get(SESSION)!);
  expect(real).toMatchObject({ userId: 3, sid: expect.any(String) });
  const t = now();
  const variant = async (times: Pick<SessionData, "createdAt" | "seenAt">) => restore(await seal({ ...real, ...times }));

  // Absolute: signed in just under / over a day ago, active a moment ago.
  expect((await variant({ createdAt: t - LIFETIMES.absolute + 120, seenAt: t - 5 })).status).toBe(200);
  expect((await variant({ createdAt: t - LIFETIMES.absolute - 1, seenAt: t - 5 })).status).toBe(401);
  // Idle: last renewed just under / over an hour ago.
  expect((await variant({ createdAt: t - 7_200, seenAt: t - LIFETIMES.idle + 120 })).status).toBe(200);
  expect((await variant({ createdAt: t - 7_200, seenAt: t - LIFETIMES.idle - 1 })).status).toBe(401);
});

test("the idle clock is renewed at most once per refresh interval, never the absolute one", async () => {
  const jar = await Jar.signedIn(4);
  const real = await unseal(jar.cookies.get(SESSION)!);
  const t = now();
  const recent = await restore(await seal({ ...real, createdAt: t - 600, seenAt: t - 5 }));
  expect(recent).toEqual({ status: 200, renewed: undefined });

  const stale = await restore(await seal({ ...real, createdAt: t - 600, seenAt: t - LIFETIMES.refresh - 5 }));
  expect(stale.status).toBe(200);
  expect(stale.renewed).toBeDefined();
  const renewed = await unseal(stale.renewed!);
  expect(renewed).toMatchObject({ userId: 4, sid: real.sid, version: real.version, createdAt: t - 600 });
  expect(renewed.seenAt).toBeGreaterThanOrEqual(t);
});

test("a kept catalog page: a session due for renewal goes through Next.js and gets its new seal; a recent one is replayed with its hole", async () => {
  const jar = await Jar.signedIn(4);
  const real = await unseal(jar.cookies.get(SESSION)!);
  const t = now();
  const page = async (times: Pick<SessionData, "createdAt" | "seenAt">) => {
    const cookie = `${SESSION}=${await seal({ ...real, ...times })}; XSRF-TOKEN=${jar.cookies.get("XSRF-TOKEN")}`;
    const response = await fetch(`${server.url}/restaurants/1`, { headers: { cookie } });
    const line = response.headers.getSetCookie().find((l) => l.startsWith(`${SESSION}=`));
    return { status: response.status, html: await response.text(), renewed: line?.slice(SESSION.length + 1).split(";")[0] };
  };
  const hole = /<script type="application\/json" id="nosh-session" nonce="[^"]+">([^<]*)<\/script>/;
  // Kept once an anonymous visitor has asked; a recent session is replayed it with its own hole.
  await (await fetch(`${server.url}/restaurants/1`)).text();
  let recent = await page({ createdAt: t - 600, seenAt: t - 5 });
  for (let attempt = 0; attempt < 10 && !hole.test(recent.html); attempt++) recent = await page({ createdAt: t - 600, seenAt: t - 5 });
  expect(recent.status).toBe(200);
  expect(JSON.parse(hole.exec(recent.html)![1]!)).toMatchObject({ id: 4 });
  expect(recent.renewed).toBeUndefined();

  const due = await page({ createdAt: t - 600, seenAt: t - LIFETIMES.refresh - 5 });
  expect(due.status).toBe(200);
  expect(hole.test(due.html)).toBe(false);
  expect(due.renewed).toBeDefined();
  const renewed = await unseal(due.renewed!);
  expect(renewed).toMatchObject({ userId: 4, sid: real.sid, version: real.version, createdAt: t - 600 });
  expect(renewed.seenAt).toBeGreaterThanOrEqual(t);
});

/** Every row of every table (migration bookkeeping aside), hashed. */
function databaseDigest(): string {
  const db = new Database(path.join(DATA_DIR, "nosh.db"), { readonly: true, fileMustExist: true });
  try {
    const hash = createHash("sha256");
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name`)
      .all() as { name: string }[];
    for (const { name } of tables) {
      const rows = (db.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((row) => JSON.stringify(row)).sort();
      hash.update(`${name}:${rows.length}\n${rows.join("\n")}\n`);
    }
    return hash.digest("hex");
  } finally {
    db.close();
  }
}

// GET /api/auth/logout is the one GET that changes state, because the contract pins logout as a
// GET; it ends only the caller's own session and proxy.ts refuses it from another site.
const STATEFUL_GETS = new Set(["GET /api/auth/logout"]);

test("no GET, API or page, changes the database, whoever calls it", async () => {
  test.setTimeout(240_000);
  const callers = { anonymous: await Jar.signedIn("anonymous"), guest: await Jar.signedIn("guest"), customer: await Jar.signedIn(3), owner: await Jar.signedIn(1) };
  const fill = (pattern: string) => pattern.replace(/\[file\]/g, "missing.webp").replace(/\[[^\]]+\]/g, "1");
  const apiGets = discoverApiRoutes()
    .filter((key) => key.startsWith("GET ") && !STATEFUL_GETS.has(key))
    .map((key) => fill(key.slice(4)));
  expect(apiGets.length).toBeGreaterThan(10);
  const urls = [...apiGets, "/api/menu-items?restaurantId=1", "/uploads/missing.webp", ...discoverPages().map(fill)];

  const before = databaseDigest();
  const problems: string[] = [];
  for (const [name, jar] of Object.entries(callers)) {
    for (const url of urls) {
      const response = await jar.call("GET", url, undefined, { Accept: url.startsWith("/api/") ? "application/json" : "text/html" });
      if (response.status >= 500) problems.push(`${name} GET ${url}: ${response.status}`);
      // An event stream never ends by itself: its opening (and any replay) is what a GET could change.
      if (response.headers.get("content-type")?.startsWith("text/event-stream")) await response.body?.cancel();
      else await response.arrayBuffer();
    }
  }
  expect(problems).toEqual([]);
  expect(databaseDigest(), "a GET changed the database").toBe(before);
  // The signed-in callers stayed signed in throughout (the walk ran as them, not as anonymous).
  for (const name of ["guest", "customer", "owner"] as const) expect((await callers[name].call("GET", "/api/auth/")).status, name).toBe(200);

  // The digest sees a change when there is one: a like is a write.
  expect((await callers.customer.call("POST", "/api/menu-items/1/like")).status).toBe(200);
  expect(databaseDigest()).not.toBe(before);
});

test("a webhook receiver over http, or on a loopback, private or local address however written, is refused in production (docs/architecture/webhooks.md)", async () => {
  const jar = await Jar.signedIn(1);
  const { restaurants } = await (await jar.call("GET", "/api/manage/")).json();
  const id = restaurants[0].id as number;
  for (const [url, message] of [
    ["http://example.com/hook", /https:\/\//],
    ["https://127.0.0.1/hook", /private or local/],
    ["https://[::1]/hook", /private or local/],
    ["https://169.254.169.254/latest/meta-data", /private or local/],
    ["https://10.0.0.8/hook", /private or local/],
    ["https://localhost/hook", /private or local/],
    // Written other ways: site-local, IPv4-compatible, 6to4 and mapped 127.0.0.1, a trailing dot.
    ["https://[fec0::1]/", /private or local/],
    ["https://[::127.0.0.1]/", /private or local/],
    ["https://[2002:7f00:1::]/", /private or local/],
    ["https://[::ffff:7f00:1]/", /private or local/],
    ["https://localhost./", /private or local/],
  ] as const) {
    const refused = await jar.call("POST", `/api/manage/${id}/webhooks`, { url, events: ["order.placed"] });
    expect(refused.status, url).toBe(400);
    expect((await refused.json()).errors.url, url).toMatch(message);
  }
  expect((await (await jar.call("GET", `/api/manage/${id}/webhooks`)).json()).endpoints).toEqual([]);
});
