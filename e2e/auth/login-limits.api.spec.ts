import { expect, test } from "../fixtures";
import { randomInt } from "node:crypto";
import { newClient, uniqueEmail } from "../support/api";
import { startServer, type Server } from "../support/server";

// Account creation and successful logins are throttled per address and per account
// (docs/architecture/security.md, Throttling). The shared test servers turn these limits off (the suite signs up hundreds
// of users from one address), so this file starts a server of its own with small limits,
// behind a "trusted proxy" (TRUST_PROXY=1): each test speaks from X-Forwarded-For addresses of
// its own.

test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_PORT ?? 3111) + 3;
const LIMITS = { signups: 3, guests: 2, loginsPerAccount: 3, loginsPerAddress: 5 };
let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    port: PORT,
    dataDir: "data/e2e-limits",
    args: [],
    env: {
      DATABASE_URL: "",
      BCRYPT_COST: "4",
      TRUST_PROXY: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      SIGNUP_MAX_PER_ADDRESS: String(LIMITS.signups),
      GUEST_MAX_PER_ADDRESS: String(LIMITS.guests),
      LOGIN_MAX_SUCCESSES_PER_ACCOUNT: String(LIMITS.loginsPerAccount),
      LOGIN_MAX_SUCCESSES_PER_ADDRESS: String(LIMITS.loginsPerAddress),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const address = () => `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
const from = (ip: string) => newClient(server.url, { "X-Forwarded-For": ip });
const signup = async (ip: string, email = uniqueEmail("limit")) =>
  (await from(ip)).post("/api/auth/signup", { name: "Limit Tester", credential: email, password: "correct horse" });

test("signups past the limit from one address are 429 with Retry-After and create nothing; other addresses go on", async () => {
  const ip = address();
  for (let i = 0; i < LIMITS.signups; i++) expect((await signup(ip)).status()).toBe(201);
  const email = uniqueEmail("refused");
  const refused = await signup(ip, email);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({ message: "Too many accounts were created from your address. Please try again later." });
  // Nothing was created: the same email signs up from another address.
  expect((await signup(address(), email)).status()).toBe(201);
});

test("guest accounts past the limit from one address are 429 with Retry-After", async () => {
  const ip = address();
  for (let i = 0; i < LIMITS.guests; i++) expect((await (await from(ip)).post("/api/auth/guest")).status()).toBe(201);
  const refused = await (await from(ip)).post("/api/auth/guest");
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({ message: "Too many guest accounts were started from your address. Please try again later." });
  expect((await (await from(address())).post("/api/auth/guest")).status()).toBe(201);
});

test("correct logins past the per-account limit are 429 with Retry-After, from any address", async () => {
  const email = uniqueEmail("busy");
  expect((await signup(address(), email)).status()).toBe(201);
  const login = async () => (await from(address())).post("/api/auth/login", { credential: email, password: "correct horse" });
  for (let i = 0; i < LIMITS.loginsPerAccount; i++) expect((await login()).status()).toBe(200);
  const refused = await login();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({ message: "Too many sign-ins. Please try again later." });
});

test("correct logins past the per-address limit are 429, across accounts", async () => {
  const emails = [];
  for (let i = 0; i <= LIMITS.loginsPerAddress; i++) {
    const email = uniqueEmail("shared");
    expect((await signup(address(), email)).status()).toBe(201);
    emails.push(email);
  }
  const ip = address();
  const statuses = [];
  for (const email of emails) statuses.push((await (await from(ip)).post("/api/auth/login", { credential: email, password: "correct horse" })).status());
  expect(statuses).toEqual([...Array(LIMITS.loginsPerAddress).fill(200), 429]);
});
