import { expect, test } from "../fixtures";
import { freshDataDir, openReadOnly, PRODUCTION_ENV, reliabilityPort, startServer, type Server } from "../support/reliability";
import { XSRF_COOKIE, XSRF_HEADER, xsrfFromSetCookie } from "../support/xsrf";

// Who may sign in, proven on servers started with the settings at stake (docs/architecture/guarantees.md):
// - in production, demo login and the demo data are off unless asked for, and asking
//   for demo login there is logged as a warning;
// - without TRUST_PROXY, X-Forwarded-For and X-Real-IP are the client's own words:
//   rotating them does not buy a fresh per-address throttle.

// No Stripe keys: the test provider, said out loud (production refuses to start otherwise).
const PRODUCTION = { ...PRODUCTION_ENV, PAYMENTS: "test" };
const WARNING = "[nosh] warning: NOSH_DEMO=on in production";

/** A fresh cookie pair and a caller that sends it (production cookies are Secure: kept by hand). */
async function session(server: Server) {
  const first = await fetch(`${server.url}/api/auth/`);
  const token = xsrfFromSetCookie(first.headers.getSetCookie())!;
  let cookie = `${XSRF_COOKIE}=${token}`;
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url + path, {
      method,
      redirect: "manual",
      headers: { cookie, [XSRF_HEADER]: token, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = /((?:__Host-)?nosh_session)=([^;]+)/.exec(response.headers.getSetCookie().join("\n"));
    if (session) cookie = `${XSRF_COOKIE}=${token}; ${session[1]}=${session[2]}`;
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

async function withServer(env: Record<string, string>, proof: (server: Server) => Promise<void>) {
  freshDataDir("access");
  const server = await startServer({ name: "access", port: reliabilityPort(6), env });
  try {
    await proof(server);
  } finally {
    await server.stop();
  }
}

test.describe("demo login and demo data in production", () => {
  test("are off by default: nothing seeded, demo login a 404, no demo buttons, no warning", async () => {
    await withServer(PRODUCTION, async (server) => {
      const db = openReadOnly(server.dbFile);
      expect(db.prepare(`SELECT COUNT(*) FROM "User"`).pluck().get()).toBe(0);
      db.close();
      const call = await session(server);
      const demo = await call("POST", "/api/users/demo/1");
      expect(demo.status).toBe(404);
      expect(JSON.parse(demo.text)).toEqual({ message: "Demo account not found" });
      expect((await call("GET", "/api/auth/")).status).toBe(401);
      const login = await call("GET", "/login");
      expect(login.status).toBe(200);
      expect(login.text).toContain("Welcome back");
      expect(login.text).not.toContain("Try a demo account");
      expect(server.output()).not.toContain(WARNING);
    });
  });

  test("seeded on request, the demo accounts still open neither by button nor by their published password", async () => {
    await withServer({ ...PRODUCTION, NOSH_SEED: "true" }, async (server) => {
      const call = await session(server);
      expect((await call("POST", "/api/users/demo/1")).status).toBe(404);
      const login = await call("POST", "/api/auth/login", { email: "rosa.delgado@example.com", password: "nosh-demo-pass" });
      expect(login.status).toBe(401);
      expect(JSON.parse(login.text)).toEqual({ message: "Invalid credentials", errors: { email: "Invalid credentials" } });
      expect((await call("GET", "/api/auth/")).status).toBe(401);
    });
  });

  test("NOSH_DEMO=on turns demo login on, with a warning at start-up", async () => {
    await withServer({ ...PRODUCTION, NOSH_SEED: "true", NOSH_DEMO: "on" }, async (server) => {
      expect(server.output()).toContain(WARNING);
      const call = await session(server);
      const demo = await call("POST", "/api/users/demo/1");
      expect(demo.status).toBe(200);
      expect(JSON.parse(demo.text)).toMatchObject({ id: 1, firstName: "Rosa", restaurantOwner: true });
      const login = await (await session(server))("GET", "/login");
      expect(login.text).toContain("Rosa (owner)");
      expect(login.text).toContain("Priya (customer)");
    });
  });
});

test("without TRUST_PROXY, rotating X-Forwarded-For and X-Real-IP does not get around the per-address limit", async () => {
  await withServer({ LOGIN_MAX_FAILURES_PER_ADDRESS: "5" }, async (server) => {
    const call = await session(server);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const spoofed = { "X-Forwarded-For": `203.0.113.${i + 1}`, "X-Real-IP": `198.51.100.${i + 1}` };
      const response = await call("POST", "/api/auth/login", { email: `nobody-${i}@example.com`, password: "guess guess" }, spoofed);
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
