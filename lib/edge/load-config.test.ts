import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./load-config";

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-config-"));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("configuration", () => {
  it("needs nothing locally: SQLite under the data folder and a secret generated once", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({ deployment: "development", databaseProvider: "sqlite", databaseUrl: `file:${path.join(dir, "nosh.db")}`, secureCookies: false });
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret);
  });

  it("refuses to start in production without SESSION_SECRET", () => {
    expect(() => loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", DATA_DIR: dataDir() })).toThrow(
      /SESSION_SECRET is required/,
    );
  });

  it("in production insists on PUBLIC_ORIGIN; elsewhere links point to this server's own origin", () => {
    const secret = "x".repeat(40);
    expect(() => loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", SESSION_SECRET: secret, DATA_DIR: dataDir() })).toThrow(
      "PUBLIC_ORIGIN is required when NOSH_ENV=production: the address links in mails and notifications point to, such as https://nosh.example",
    );
    expect(loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", SESSION_SECRET: secret, PUBLIC_ORIGIN: "https://nosh.example/" })).toMatchObject({
      publicOrigin: "https://nosh.example",
      linkOrigin: "https://nosh.example",
    });
    // The host sets NOSH_LOCAL_ORIGIN from its address and port (server/settings.mjs localOrigin).
    expect(loadConfig({ DATA_DIR: dataDir(), NOSH_LOCAL_ORIGIN: "http://127.0.0.1:4123" })).toMatchObject({ publicOrigin: null, linkOrigin: "http://127.0.0.1:4123" });
    expect(loadConfig({ DATA_DIR: dataDir(), NOSH_LOCAL_ORIGIN: "http://127.0.0.1:4123", PUBLIC_ORIGIN: "https://nosh.example" }).linkOrigin).toBe(
      "https://nosh.example",
    );
    expect(loadConfig({ DATA_DIR: dataDir() }).linkOrigin).toBe("http://localhost:3000");
  });

  it("in production takes real money only: Stripe, or PAYMENTS=test said out loud (a staging site, its banner on); the default elsewhere is unchanged", () => {
    const production = { NOSH_ENV: "production", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: "x".repeat(40), DATA_DIR: dataDir() };
    expect(() => loadConfig(production)).toThrow(
      'NOSH_ENV=production takes real money: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/deploying.md "Payments"), or PAYMENTS=test for a staging site where no real money moves',
    );
    const stripe = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(loadConfig({ ...production, ...stripe })).toMatchObject({ stripe: { secretKey: "sk_live_abc123" }, payments: { testMode: false } });
    expect(loadConfig({ ...production, PAYMENTS: "test" })).toMatchObject({ stripe: null, payments: { testMode: true } });
    expect(() => loadConfig({ ...production, ...stripe, PAYMENTS: "test" })).toThrow(/PAYMENTS=test runs the built-in test provider/);
    expect(() => loadConfig({ ...production, PAYMENTS: "live" })).toThrow('PAYMENTS must be "test" (the built-in test provider, no real money) or unset, got "live"');
    // Development, the demo and the tests: the test provider, no banner, nothing to set.
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ stripe: null, payments: { testMode: false, heldOrderMinutes: 30 } });
    expect(loadConfig({ DATA_DIR: dataDir(), HELD_ORDER_MINUTES: "5" }).payments.heldOrderMinutes).toBe(5);
  });

  it("takes Stripe's publishable key for Stripe.js, of the secret key's mode only; without it the browser has no Stripe key", () => {
    const stripe = { DATA_DIR: dataDir(), STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(loadConfig(stripe).stripe?.publishableKey).toBeNull();
    expect(loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: " pk_test_abc123 " }).stripe?.publishableKey).toBe("pk_test_abc123");
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" })).toThrow("STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must be of the same mode");
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: "sk_test_abc123" })).toThrow("STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key");
    // A publishable key alone selects nothing: the test provider, as without it.
    expect(loadConfig({ DATA_DIR: dataDir(), STRIPE_PUBLISHABLE_KEY: "pk_test_abc123" }).stripe).toBeNull();
  });

  it("in production takes the secret from the environment, secures cookies and insists on bcrypt cost 10+", () => {
    const secret = "x".repeat(40);
    const config = loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: secret, DATA_DIR: dataDir() });
    expect(config).toMatchObject({ deployment: "production", sessionSecret: secret, secureCookies: true, bcryptCost: 10 });
    expect(() => loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: secret, BCRYPT_COST: "4" })).toThrow(
      /BCRYPT_COST/,
    );
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/32 characters/);
  });

  it("demo login and demo seeding: on by default locally, off in production unless switched on", () => {
    const secret = "x".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ demoLogin: true, seed: true });
    expect(loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: secret })).toMatchObject({
      demoLogin: false,
      seed: false,
    });
    expect(
      loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: secret, NOSH_DEMO: "on", NOSH_SEED: "true" }),
    ).toMatchObject({
      demoLogin: true,
      seed: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), NOSH_DEMO: "off", NOSH_SEED: "false" })).toMatchObject({ demoLogin: false, seed: false });
    expect(() => loadConfig({ DATA_DIR: dataDir(), NOSH_DEMO: "maybe" })).toThrow(/NOSH_DEMO must be on or off/);
  });

  it("sweeps for overdue orders every quarter of the accept timeout (1-30 s) unless ORDER_EXPIRY_SWEEP_MS says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).orderExpirySweepMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dataDir(), ORDER_ACCEPT_SECONDS: "90" }).orderExpirySweepMs).toBe(22_500);
    expect(loadConfig({ DATA_DIR: dataDir(), ORDER_ACCEPT_SECONDS: "2" }).orderExpirySweepMs).toBe(1_000);
    expect(loadConfig({ DATA_DIR: dataDir(), ORDER_ACCEPT_SECONDS: "2", ORDER_EXPIRY_SWEEP_MS: "250" }).orderExpirySweepMs).toBe(250);
    for (const bad of ["50", "0", "-1", "1.5", "soon"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ORDER_EXPIRY_SWEEP_MS: bad })).toThrow(
        `ORDER_EXPIRY_SWEEP_MS must be a whole number of milliseconds, at least 100, got "${bad}"`,
      );
    }
  });

  it("dispatch: defaults, the simulator on with demo data only, and a map tile template checked at start-up", () => {
    const secret = "x".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      dispatch: { offerSeconds: 30, giveUpMinutes: 10, earlyMinutes: 2, courierMaxJobs: 2, tickMs: 2_000, simulator: true },
      mapTileUrl: null,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), NOSH_SEED: "false" }).dispatch.simulator).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), COURIER_SIMULATOR: "off" }).dispatch.simulator).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir() }).dispatch.demoSpeed).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_SPEED: "300" }).dispatch.demoSpeed).toBe(300);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_SPEED: "0" })).toThrow(/DEMO_SPEED must be at least 1/);
    expect(loadConfig({ DATA_DIR: dataDir(), DISPATCH_EARLY_MINUTES: "0" }).dispatch.earlyMinutes).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DISPATCH_EARLY_MINUTES: "-1" })).toThrow(/Expected a whole number, got "-1"/);
    expect(loadConfig({ NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: secret }).dispatch.simulator).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DISPATCH_OFFER_SECONDS: "5", COURIER_MAX_JOBS: "1" }).dispatch).toMatchObject({ offerSeconds: 5, courierMaxJobs: 1 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), COURIER_MAX_JOBS: "0" })).toThrow(/COURIER_MAX_JOBS must be at least 1/);
    const tiles = "https://tiles.nosh.example/{z}/{x}/{y}.png";
    expect(loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: tiles }).mapTileUrl).toBe(tiles);
    for (const bad of ["tiles", "ftp://tiles.example/{z}/{x}/{y}.png", "https://tiles.example/{z}/{x}.png"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: bad })).toThrow(/MAP_TILE_URL must be an http\(s\) URL template/);
    }
  });

  it("recognises PostgreSQL URLs", () => {
    const config = loadConfig({ DATABASE_URL: "postgresql://nosh@localhost/nosh", DATA_DIR: dataDir() });
    expect(config.databaseProvider).toBe("postgresql");
  });
});

describe("web push settings", () => {
  const pub = "B" + "A".repeat(86);
  const priv = "k".repeat(43);
  it("takes VAPID keys in pairs only, a mailto:/https: subject, and PUSH_CA_FILE outside production only", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).notifications.push).toEqual({
      vapid: null,
      subject: "mailto:no-reply@nosh.localhost",
      allowPrivateHosts: [],
      caFile: null,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, PUBLIC_ORIGIN: "https://nosh.example" }).notifications.push).toMatchObject({
      vapid: { publicKey: pub, privateKey: priv },
      subject: "https://nosh.example",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: pub })).toThrow(/set together/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: priv })).toThrow(/base64url/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: "http://nosh.example" })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ DATA_DIR: dataDir(), PUSH_ALLOW_PRIVATE_HOSTS: " 127.0.0.1, [::1] ,Push.Local" }).notifications.push.allowPrivateHosts).toEqual([
      "127.0.0.1",
      "::1",
      "push.local",
    ]);
    const production = { NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: "s".repeat(40), DATA_DIR: dataDir() };
    expect(() => loadConfig({ ...production, PUSH_CA_FILE: "/tmp/ca.pem" })).toThrow(/PUSH_CA_FILE/);
  });
});
