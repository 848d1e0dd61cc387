// How load-config.ts reads each setting from the environment: the parsers and checks that refuse
// a bad value at start-up, naming the variable. Plain module, like load-config.ts.
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config, PushSettings } from "./config-types";
import { PRIVATE_FILE_MODE, privateDir } from "./private-files";
import type { SessionLifetimes } from "./session-cookie";

/** The money rules' settings (Config.money). */
export function moneySettings(env: Record<string, string | undefined>): Config["money"] {
  const topUpMax = positive("WALLET_TOPUP_MAX", env.WALLET_TOPUP_MAX, 10_000);
  if (topUpMax > 10_000) throw new Error(`WALLET_TOPUP_MAX must be at most 10000 (dollars), got "${env.WALLET_TOPUP_MAX}"`);
  const tipMaxPercent = positive("TIP_MAX_PERCENT", env.TIP_MAX_PERCENT, 50);
  if (tipMaxPercent < 30) throw new Error(`TIP_MAX_PERCENT must be at least 30 (the largest tip preset), got "${env.TIP_MAX_PERCENT}"`);
  const topUpMin = positive("WALLET_TOPUP_MIN", env.WALLET_TOPUP_MIN, 5);
  if (topUpMin > topUpMax) throw new Error(`WALLET_TOPUP_MIN must be at most WALLET_TOPUP_MAX, got "${env.WALLET_TOPUP_MIN}"`);
  const topUpDailyMax = positive("WALLET_TOPUP_DAILY_MAX", env.WALLET_TOPUP_DAILY_MAX, 2_000);
  return {
    topUpMaxCents: topUpMax * 100,
    topUpMinCents: topUpMin * 100,
    topUpDailyMaxCents: topUpDailyMax * 100,
    tipMaxPercent,
    tipFloorCents: intFrom(env.TIP_MAX_FLOOR, 20) * 100,
  };
}

export function hourOfDay(name: string, value: string | undefined, fallback: number): number {
  const n = intFrom(value, fallback);
  if (n < 0 || n > 23) throw new Error(`${name} must be an hour from 0 to 23, got "${value}"`);
  return n;
}

export function positive(name: string, value: string | undefined, fallback: number): number {
  const n = intFrom(value, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

/**
 * A session ends 30 days after sign-in whatever happens (absolute), or after 7 days without a
 * request (idle). The cookie's idle clock is renewed at most once per refresh interval (15
 * minutes), so browsing does not re-encrypt and re-send the cookie on every request.
 */
export function sessionLifetimes(env: Record<string, string | undefined>): SessionLifetimes {
  const absoluteSeconds = intFrom(env.SESSION_ABSOLUTE_SECONDS, 30 * 24 * 3600);
  const idleSeconds = intFrom(env.SESSION_IDLE_SECONDS, 7 * 24 * 3600);
  const refreshSeconds = intFrom(env.SESSION_REFRESH_SECONDS, 15 * 60);
  if (absoluteSeconds < 1 || idleSeconds < 1) throw new Error("SESSION_ABSOLUTE_SECONDS and SESSION_IDLE_SECONDS must be at least 1");
  if (idleSeconds > absoluteSeconds) throw new Error("SESSION_IDLE_SECONDS cannot exceed SESSION_ABSOLUTE_SECONDS");
  if (refreshSeconds >= idleSeconds) throw new Error("SESSION_REFRESH_SECONDS must be shorter than SESSION_IDLE_SECONDS");
  return { absoluteSeconds, idleSeconds, refreshSeconds };
}

/**
 * ORDER_ACCEPT_MINUTES (default 10; fractions allowed), or ORDER_ACCEPT_SECONDS, which wins
 * when set (the tests use a few seconds). Must be positive.
 */
export function orderAcceptMs(env: Record<string, string | undefined>): number {
  const seconds = env.ORDER_ACCEPT_SECONDS;
  const minutes = env.ORDER_ACCEPT_MINUTES;
  const value = seconds ? Number(seconds) : minutes ? Number(minutes) * 60 : 600;
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${seconds ? "ORDER_ACCEPT_SECONDS" : "ORDER_ACCEPT_MINUTES"} must be a positive number, got "${seconds || minutes}"`);
  }
  return Math.round(value * 1000);
}

/**
 * How often every server process runs the accept-timeout sweep (lib/server/jobs/, the orders.expire job): by
 * default a quarter of the accept timeout, between 1 and 30 s. ORDER_EXPIRY_SWEEP_MS sets it
 * (the tests sweep every 250 ms so an expiry shows within a second of the timeout); at least 100.
 */
export function orderExpirySweepMs(env: Record<string, string | undefined>): number {
  const value = env.ORDER_EXPIRY_SWEEP_MS;
  if (!value) return Math.min(30_000, Math.max(1_000, Math.floor(orderAcceptMs(env) / 4)));
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100) throw new Error(`ORDER_EXPIRY_SWEEP_MS must be a whole number of milliseconds, at least 100, got "${value}"`);
  return ms;
}

/** on/true/1 or off/false/0; unset means the default. */
export function switchFrom(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (/^(on|true|1)$/i.test(value)) return true;
  if (/^(off|false|0)$/i.test(value)) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

/** Web push's settings (see PushSettings). */
export function pushSettings(env: Record<string, string | undefined>, deployment: Config["deployment"]): PushSettings {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || "";
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || "";
  if (!publicKey !== !privateKey) throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (npx web-push generate-vapid-keys)");
  if (publicKey && (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey))) {
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be base64url P-256 keys (87 and 43 characters), as npx web-push generate-vapid-keys prints them");
  }
  const origin = publicOrigin(env.PUBLIC_ORIGIN);
  const subject = env.VAPID_SUBJECT?.trim() || (origin?.startsWith("https:") ? origin : "mailto:no-reply@nosh.localhost");
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${subject}"`);
  const caFile = env.PUSH_CA_FILE?.trim() || null;
  if (caFile && deployment === "production") throw new Error("PUSH_CA_FILE is for tests and is refused when NOSH_ENV=production (use NODE_EXTRA_CA_CERTS)");
  const allowPrivateHosts = (env.PUSH_ALLOW_PRIVATE_HOSTS ?? "")
    .split(",")
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, "$1"),
    )
    .filter(Boolean);
  return { vapid: publicKey ? { publicKey, privateKey } : null, subject, allowPrivateHosts, caFile };
}

/** MAP_TILE_URL: an http(s) URL template naming {z}, {x} and {y}, or unset. */
export function mapTileUrl(value: string | undefined): string | null {
  const template = value?.trim();
  if (!template) return null;
  let url: URL | null = null;
  try {
    url = new URL(template.replace(/\{[a-z]\}/g, "0"));
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !["{z}", "{x}", "{y}"].every((part) => template.includes(part))) {
    throw new Error(`MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}, got "${template}"`);
  }
  return template;
}

/** PUBLIC_ORIGIN: an http(s) origin (scheme, host, optional port, nothing after), or unset. */
export function publicOrigin(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || url.pathname !== "/") {
    throw new Error(`PUBLIC_ORIGIN must be an origin such as https://nosh.example (scheme, host, optional port), got "${value}"`);
  }
  return url.origin;
}

export function percentFrom(value: string | undefined, fallback: number): number {
  const n = intFrom(value, fallback);
  if (n > 100) throw new Error(`Expected a percent between 0 and 100, got "${value}"`);
  return n;
}

export function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

/** The test payment provider's settings (docs/deploying.md "Payments"). */
/** What production needs to take money: a real provider, or PAYMENTS=test said out loud (a staging site). */
export const REAL_PROVIDER_REQUIRED =
  'NOSH_ENV=production takes real money: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/deploying.md "Payments"), or PAYMENTS=test for a staging site where no real money moves';

export function paymentSettings(
  env: Record<string, string | undefined>,
  sessionSecretValue: string,
  origin: string | null,
  deployment: Config["deployment"],
  realProvider: boolean,
): Config["payments"] {
  const given = env.TEST_PAYMENTS_WEBHOOK_SECRET?.trim();
  if (given && given.length < 16) throw new Error("TEST_PAYMENTS_WEBHOOK_SECRET must be at least 16 characters");
  const mode = env.PAYMENTS?.trim() ?? "";
  if (mode !== "" && mode !== "test") throw new Error(`PAYMENTS must be "test" (the built-in test provider, no real money) or unset, got "${mode}"`);
  if (mode === "test" && realProvider)
    throw new Error(
      "PAYMENTS=test runs the built-in test provider: unset STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or unset PAYMENTS to take real money through Stripe",
    );
  if (deployment === "production" && !realProvider && mode !== "test") throw new Error(REAL_PROVIDER_REQUIRED);
  return {
    testMode: deployment === "production" && mode === "test",
    heldOrderMinutes: positive("HELD_ORDER_MINUTES", env.HELD_ORDER_MINUTES, 30),
    webhookDelayMs: intFrom(env.TEST_PAYMENTS_WEBHOOK_DELAY_MS, 2000),
    testWebhookSecret: given || createHmac("sha256", sessionSecretValue).update("nosh test payments webhook").digest("hex"),
    webhookOrigin: publicOrigin(env.NOSH_LOCAL_ORIGIN) ?? origin ?? "http://localhost:3000",
  };
}

/**
 * SESSION_SECRET (32+ characters) is required in production. Elsewhere a random secret is
 * generated once and kept in the data folder, so a newcomer needs no .env.
 */
export function sessionSecret(env: Record<string, string | undefined>, deployment: Config["deployment"], dataDir: string): string {
  const fromEnv = env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters");
    return fromEnv;
  }
  if (deployment === "production") {
    throw new Error("SESSION_SECRET is required when NOSH_ENV=production; refusing to start");
  }
  const file = path.join(dataDir, "session-secret");
  if (!existsSync(file)) {
    privateDir(dataDir);
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: PRIVATE_FILE_MODE, flag: "wx" });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}
