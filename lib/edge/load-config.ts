// Configuration from the environment. Plain module (no server-only) so that the CLI
// (prisma/cli.ts) and the tests can use it too.
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { OPEN_ORDER_LIMITS } from "../shared/constants";
import type { SessionLifetimes } from "./session-cookie";

export type Config = {
  /** "production" only for deployments (NOSH_ENV=production): secrets are then mandatory. */
  deployment: "production" | "development";
  databaseUrl: string;
  databaseProvider: "sqlite" | "postgresql";
  dataDir: string;
  uploadDir: string;
  sessionSecret: string;
  secureCookies: boolean;
  bcryptCost: number;
  trustProxy: boolean;
  /** Demo login (POST /api/users/demo/{id}, the login page's buttons, the demo password). */
  demoLogin: boolean;
  /** Seed the demo data into an empty database at start-up. */
  seed: boolean;
  /** Wrong passwords per (account, address) before each further one waits 1 s, 2 s, 4 s... */
  loginFreeFailures: number;
  /** The longest such wait. */
  loginMaxDelaySeconds: number;
  /** PUBLIC_ORIGIN normalised ("https://nosh.example"): the one Origin mutating calls may come from. Required when NOSH_ENV=production. */
  publicOrigin: string | null;
  /**
   * Where links in mails and notifications point: PUBLIC_ORIGIN; else the origin this server
   * listens on (NOSH_LOCAL_ORIGIN, which the host sets from its port and address, server/settings.mjs);
   * else http://localhost:3000 (a process without the host: a script, Vitest).
   */
  linkOrigin: string;
  loginMaxFailuresPerAddress: number;
  loginMaxSuccessesPerAccount: number;
  loginMaxSuccessesPerAddress: number;
  signupMaxPerAddress: number;
  guestMaxPerAddress: number;
  loginWindowSeconds: number;
  /** Password hashing threads (0: bcryptjs on the event loop, for comparison only). */
  hashThreads: number;
  /** Hashes allowed to wait for a thread; past that, 503 with Retry-After. */
  hashQueue: number;
  /** Searches the cache cannot answer that run at once per process, and how many may wait (then 503). */
  searchConcurrency: number;
  searchQueue: number;
  /** Guest accounts without orders are deleted this many days after creation. */
  guestRetentionDays: number;
  sqliteBusyTimeoutMs: number;
  /** Reviews one account may write in any rolling 24 hours (lib/server/reviews/reviews.ts). */
  reviewsPerDay: number;
  /** The platform's commission on an order's item subtotal, in percent (PLATFORM_COMMISSION_PERCENT; Restaurant.commissionPercent overrides it). */
  platformCommissionPercent: number;
  /**
   * Orders one account may have waiting for a restaurant to accept them (placed, not yet
   * accepted), whatever they are paid with: in all (MAX_OPEN_ORDERS, default 5) and at one
   * restaurant (MAX_OPEN_ORDERS_PER_RESTAURANT, default 3); 0 turns a cap off
   * (lib/server/orders/open-orders.ts).
   */
  openOrders: { perAccount: number; perRestaurant: number };
  /**
   * Unknown promo codes tried in an hour before the next code is a 429 (lib/server/promotions/guesses.ts):
   * per account (PROMO_WRONG_PER_ACCOUNT, default 10) and per address (PROMO_WRONG_PER_ADDRESS,
   * default 100: a campus, an office or a carrier's NAT shares one); 0 turns one off.
   */
  promoGuesses: { perAccount: number; perAddress: number };
  /**
   * Password reset (docs/architecture/security.md "Password reset"): a link lives
   * PASSWORD_RESET_MINUTES (default 30); requests in an hour per email (PASSWORD_RESET_PER_ACCOUNT,
   * default 5) and per client address (PASSWORD_RESET_PER_ADDRESS, default 30) before a 429; 0 turns one off.
   */
  passwordReset: { ttlMinutes: number; perAccount: number; perAddress: number };
  /** The most a problem report may be worth to be approved at once, in cents (SUPPORT_AUTO_APPROVE_CENTS, default 1000; also at most 15% of the order). */
  supportAutoApproveCents: number;
  /**
   * Money rules (issue 59, docs/architecture/ledger.md): the most one top-up may add, in cents
   * (WALLET_TOPUP_MAX, whole dollars, default 10000: the contract's bound, which it may only lower),
   * and the tip's ceiling: TIP_MAX_PERCENT of the item subtotal (default 50; at least 30, the
   * spec's largest preset), never below TIP_MAX_FLOOR dollars (default 20, so a small order can
   * still tip a few dollars).
   */
  money: { topUpMaxCents: number; tipMaxPercent: number; tipFloorCents: number };
  /** How long a delivered order's earnings stay pending before they can be paid out, in ms (EARNINGS_HOLD_SECONDS, default 172800: the 48 hours a problem can be reported in). */
  earningsHoldMs: number;
  /** How long a placed order waits for the restaurant to accept it before it expires, in ms. */
  orderAcceptMs: number;
  /** Card payments (docs/architecture/payments.md): the built-in test provider's settings. */
  payments: {
    /** How long the test provider waits before sending an event's webhook (TEST_PAYMENTS_WEBHOOK_DELAY_MS, default 2000). */
    webhookDelayMs: number;
    /** The secret the test provider signs its webhooks with (TEST_PAYMENTS_WEBHOOK_SECRET; else derived from the session secret). */
    testWebhookSecret: string;
    /** Where the test provider delivers its webhooks: this server's own origin (NOSH_LOCAL_ORIGIN, else the link origin). */
    webhookOrigin: string;
  };
  /** How often each process expires overdue orders, in ms (ORDER_EXPIRY_SWEEP_MS; see orderExpirySweepMs). */
  orderExpirySweepMs: number;
  /** Session lifetimes in seconds (see lib/edge/session-cookie.ts). */
  session: SessionLifetimes;
  /** Live order events (lib/server/order-events/): see .env.example. */
  orderEvents: OrderEventSettings;
  /** Couriers and dispatch (lib/server/dispatch/, docs/architecture/couriers.md): see .env.example. */
  dispatch: DispatchSettings;
  /** The notification outbox and email (lib/server/notifications/, docs/architecture/notifications.md): see .env.example. */
  notifications: NotificationSettings;
  /** A deployment's own XYZ raster tiles for the maps ("https://tiles.example/{z}/{x}/{y}.png"), or null: the offline sketch. */
  mapTileUrl: string | null;
};

export type NotificationSettings = {
  /** SMTP_URL ("smtp://user:pass@host:587", "smtps://..."), or null: mails are kept for the development mailbox (production: skipped). */
  smtpUrl: string | null;
  /** MAIL_FROM, the sender of every mail (default "Nosh <no-reply@nosh.localhost>"). */
  mailFrom: string;
  /** How often each process delivers due notifications, in ms (NOTIFY_TICK_MS, default 2000). */
  tickMs: number;
  /** The development mailbox at /dev/mailbox (without SMTP_URL, never in production). */
  devMailbox: boolean;
  /** The restaurant-local hour from which owners' daily summaries of the day before are sent (NOTIFY_SUMMARY_HOUR, 0-23, default 7). */
  summaryHour: number;
  /** Sent and skipped outbox rows are deleted after this many days (NOTIFY_RETENTION_DAYS, default 30). */
  retentionDays: number;
  /** Failed outbox rows are kept longer, to be looked into (NOTIFY_FAILED_RETENTION_DAYS, default 90). */
  failedRetentionDays: number;
  /** An owner's "New order" mails in any NOTIFY_DIGEST_MINUTES (default 10) before the next wait for one digest mail (NOTIFY_NEW_ORDER_MAILS, default 3; lib/server/notifications/digest.ts). */
  newOrderMails: number;
  digestMinutes: number;
  /** NOTIFY_OUTBOX=off writes no notifications at all: only the bench's A/B of the outbox's cost (BENCH_AB_B_ENV) sets it. */
  outbox: boolean;
  /** Web push (lib/server/notifications/push.ts, docs/architecture/notifications.md "Web push"). */
  push: PushSettings;
};

export type PushSettings = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, both or neither), or null: generated once into DATA_DIR/vapid-keys.json. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: a mailto: or https: contact for the push services (default: PUBLIC_ORIGIN if https, else mailto:no-reply@nosh.localhost). */
  subject: string;
  /** PUSH_ALLOW_PRIVATE_HOSTS: endpoint host names or addresses allowed although they are (or resolve to) private or loopback addresses. Empty by default. */
  allowPrivateHosts: string[];
  /** PUSH_CA_FILE: an extra certificate authority (PEM file) trusted for push endpoints; the tests' self-signed one. Refused in production. */
  caFile: string | null;
};

export type DispatchSettings = {
  /** How long an offer waits for the courier's answer (DISPATCH_OFFER_SECONDS, default 30). */
  offerSeconds: number;
  /** Nobody accepted for this long: the owner is told and delivers with their own staff (DISPATCH_GIVE_UP_MINUTES, default 10). */
  giveUpMinutes: number;
  /** Jobs a courier may hold at once (COURIER_MAX_JOBS, default 2). */
  courierMaxJobs: number;
  /** How often each process expires offers and offers waiting jobs, in ms (DISPATCH_TICK_MS, default 2000). */
  tickMs: number;
  /** The demo courier simulator (COURIER_SIMULATOR; on with demo data, off in production). */
  simulator: boolean;
  /** How many times faster the demo's simulated owners and couriers act (DEMO_SPEED, default 1; lib/shared/demo-pace.ts): the demo journey's test. */
  demoSpeed: number;
  /**
   * A step at a stop (arrived, picked up, delivered) counts as there when the courier's last
   * position, under 2 minutes old, is within this many metres of the stop plus the position's
   * reported accuracy (DELIVERY_STOP_MARGIN_M, default 250); else it is refused, or flagged for an operator.
   */
  stopMarginM: number;
  /** Reads of an owner's courier list a minute, per account (COURIER_LIST_PER_MINUTE, default 20; then 429). */
  courierListPerMinute: number;
  /** A ready order with no courier for this long is a late pickup on the operators' dashboard (LATE_PICKUP_MINUTES, default 5). */
  latePickupMinutes: number;
  /** Accepted jobs a courier may give back in an hour (COURIER_RELEASES_PER_HOUR, default 3); one more pauses their offers. */
  releasesPerHour: number;
  /** How long that pause lasts, in minutes (COURIER_RELEASE_PAUSE_MINUTES, default 60). */
  releasePauseMinutes: number;
};

export type OrderEventSettings = {
  /** How often each process reads new OrderEvent rows on SQLite while a stream is open. */
  pollMs: number;
  /** The `: keep-alive` comment interval; the stream's session is re-checked at the same pace. */
  keepAliveMs: number;
  /** The `retry:` hint: how long an EventSource waits before reconnecting. */
  retryMs: number;
  /** Open event streams per process (503 beyond) and per user (429 beyond). */
  maxStreams: number;
  maxStreamsPerUser: number;
};

export function loadConfig(env: Record<string, string | undefined>): Config {
  const deployment = env.NOSH_ENV === "production" ? "production" : "development";
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? "data");
  const databaseUrl = env.DATABASE_URL || `file:${path.join(dataDir, "nosh.db")}`;
  const databaseProvider = /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgresql" : "sqlite";
  const bcryptCost = intFrom(env.BCRYPT_COST, 10);
  if (deployment === "production" && bcryptCost < 10) {
    throw new Error("BCRYPT_COST must be at least 10 when NOSH_ENV=production");
  }
  const origin = publicOrigin(env.PUBLIC_ORIGIN);
  if (deployment === "production" && !origin) {
    throw new Error("PUBLIC_ORIGIN is required when NOSH_ENV=production: the address links in mails and notifications point to, such as https://nosh.example");
  }
  const secret = sessionSecret(env, deployment, dataDir);
  return {
    deployment,
    databaseUrl,
    databaseProvider,
    dataDir,
    uploadDir: path.resolve(/*turbopackIgnore: true*/ env.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    sessionSecret: secret,
    secureCookies: env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : deployment === "production",
    bcryptCost,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    demoLogin: switchFrom("NOSH_DEMO", env.NOSH_DEMO, deployment !== "production"),
    seed: switchFrom("NOSH_SEED", env.NOSH_SEED, deployment !== "production"),
    loginFreeFailures: intFrom(env.LOGIN_FREE_FAILURES, 3),
    loginMaxDelaySeconds: intFrom(env.LOGIN_MAX_DELAY_SECONDS, 900),
    publicOrigin: origin,
    linkOrigin: origin ?? publicOrigin(env.NOSH_LOCAL_ORIGIN) ?? "http://localhost:3000",
    loginMaxFailuresPerAddress: intFrom(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 30),
    loginMaxSuccessesPerAccount: intFrom(env.LOGIN_MAX_SUCCESSES_PER_ACCOUNT, 20),
    loginMaxSuccessesPerAddress: intFrom(env.LOGIN_MAX_SUCCESSES_PER_ADDRESS, 100),
    signupMaxPerAddress: intFrom(env.SIGNUP_MAX_PER_ADDRESS, 20),
    guestMaxPerAddress: intFrom(env.GUEST_MAX_PER_ADDRESS, 30),
    loginWindowSeconds: intFrom(env.LOGIN_WINDOW_SECONDS, 900),
    hashThreads: intFrom(env.HASH_THREADS, availableParallelism()),
    hashQueue: intFrom(env.HASH_QUEUE, 64),
    searchConcurrency: intFrom(env.SEARCH_CONCURRENCY, 4),
    searchQueue: intFrom(env.SEARCH_QUEUE, 32),
    guestRetentionDays: intFrom(env.GUEST_RETENTION_DAYS, 7),
    sqliteBusyTimeoutMs: intFrom(env.SQLITE_BUSY_TIMEOUT_MS, 5000),
    reviewsPerDay: intFrom(env.REVIEWS_PER_DAY, 20),
    platformCommissionPercent: percentFrom(env.PLATFORM_COMMISSION_PERCENT, 15),
    supportAutoApproveCents: intFrom(env.SUPPORT_AUTO_APPROVE_CENTS, 1000),
    earningsHoldMs: intFrom(env.EARNINGS_HOLD_SECONDS, 48 * 3600) * 1000,
    money: moneySettings(env),
    openOrders: {
      perAccount: intFrom(env.MAX_OPEN_ORDERS, OPEN_ORDER_LIMITS.perAccount),
      perRestaurant: intFrom(env.MAX_OPEN_ORDERS_PER_RESTAURANT, OPEN_ORDER_LIMITS.perRestaurant),
    },
    promoGuesses: {
      perAccount: intFrom(env.PROMO_WRONG_PER_ACCOUNT, 10),
      perAddress: intFrom(env.PROMO_WRONG_PER_ADDRESS, 100),
    },
    passwordReset: {
      ttlMinutes: positive("PASSWORD_RESET_MINUTES", env.PASSWORD_RESET_MINUTES, 30),
      perAccount: intFrom(env.PASSWORD_RESET_PER_ACCOUNT, 5),
      perAddress: intFrom(env.PASSWORD_RESET_PER_ADDRESS, 30),
    },
    orderAcceptMs: orderAcceptMs(env),
    orderExpirySweepMs: orderExpirySweepMs(env),
    payments: paymentSettings(env, secret, origin),
    session: sessionLifetimes(env),
    orderEvents: {
      pollMs: positive("ORDER_EVENTS_POLL_MS", env.ORDER_EVENTS_POLL_MS, 300),
      keepAliveMs: positive("ORDER_EVENTS_KEEP_ALIVE_MS", env.ORDER_EVENTS_KEEP_ALIVE_MS, 25_000),
      retryMs: positive("ORDER_EVENTS_RETRY_MS", env.ORDER_EVENTS_RETRY_MS, 2_000),
      maxStreams: positive("ORDER_EVENTS_MAX_STREAMS", env.ORDER_EVENTS_MAX_STREAMS, 2_000),
      maxStreamsPerUser: positive("ORDER_EVENTS_MAX_STREAMS_PER_USER", env.ORDER_EVENTS_MAX_STREAMS_PER_USER, 16),
    },
    dispatch: {
      offerSeconds: positive("DISPATCH_OFFER_SECONDS", env.DISPATCH_OFFER_SECONDS, 30),
      giveUpMinutes: positive("DISPATCH_GIVE_UP_MINUTES", env.DISPATCH_GIVE_UP_MINUTES, 10),
      courierMaxJobs: positive("COURIER_MAX_JOBS", env.COURIER_MAX_JOBS, 2),
      tickMs: positive("DISPATCH_TICK_MS", env.DISPATCH_TICK_MS, 2_000),
      simulator: switchFrom("COURIER_SIMULATOR", env.COURIER_SIMULATOR, deployment !== "production" && switchFrom("NOSH_SEED", env.NOSH_SEED, true)),
      demoSpeed: positive("DEMO_SPEED", env.DEMO_SPEED, 1),
      stopMarginM: positive("DELIVERY_STOP_MARGIN_M", env.DELIVERY_STOP_MARGIN_M, 250),
      courierListPerMinute: positive("COURIER_LIST_PER_MINUTE", env.COURIER_LIST_PER_MINUTE, 20),
      latePickupMinutes: positive("LATE_PICKUP_MINUTES", env.LATE_PICKUP_MINUTES, 5),
      releasesPerHour: positive("COURIER_RELEASES_PER_HOUR", env.COURIER_RELEASES_PER_HOUR, 3),
      releasePauseMinutes: positive("COURIER_RELEASE_PAUSE_MINUTES", env.COURIER_RELEASE_PAUSE_MINUTES, 60),
    },
    notifications: {
      smtpUrl: env.SMTP_URL?.trim() || null,
      mailFrom: env.MAIL_FROM?.trim() || "Nosh <no-reply@nosh.localhost>",
      tickMs: positive("NOTIFY_TICK_MS", env.NOTIFY_TICK_MS, 2_000),
      devMailbox: deployment !== "production" && !env.SMTP_URL?.trim(),
      push: pushSettings(env, deployment),
      summaryHour: hourOfDay("NOTIFY_SUMMARY_HOUR", env.NOTIFY_SUMMARY_HOUR, 7),
      retentionDays: positive("NOTIFY_RETENTION_DAYS", env.NOTIFY_RETENTION_DAYS, 30),
      failedRetentionDays: positive("NOTIFY_FAILED_RETENTION_DAYS", env.NOTIFY_FAILED_RETENTION_DAYS, 90),
      outbox: switchFrom("NOTIFY_OUTBOX", env.NOTIFY_OUTBOX, true),
      newOrderMails: positive("NOTIFY_NEW_ORDER_MAILS", env.NOTIFY_NEW_ORDER_MAILS, 3),
      digestMinutes: positive("NOTIFY_DIGEST_MINUTES", env.NOTIFY_DIGEST_MINUTES, 10),
    },
    mapTileUrl: mapTileUrl(env.MAP_TILE_URL),
  };
}

/** The money rules' settings (Config.money). */
export function moneySettings(env: Record<string, string | undefined>): Config["money"] {
  const topUpMax = positive("WALLET_TOPUP_MAX", env.WALLET_TOPUP_MAX, 10_000);
  if (topUpMax > 10_000) throw new Error(`WALLET_TOPUP_MAX must be at most 10000 (dollars), got "${env.WALLET_TOPUP_MAX}"`);
  const tipMaxPercent = positive("TIP_MAX_PERCENT", env.TIP_MAX_PERCENT, 50);
  if (tipMaxPercent < 30) throw new Error(`TIP_MAX_PERCENT must be at least 30 (the largest tip preset), got "${env.TIP_MAX_PERCENT}"`);
  return { topUpMaxCents: topUpMax * 100, tipMaxPercent, tipFloorCents: intFrom(env.TIP_MAX_FLOOR, 20) * 100 };
}

function hourOfDay(name: string, value: string | undefined, fallback: number): number {
  const n = intFrom(value, fallback);
  if (n < 0 || n > 23) throw new Error(`${name} must be an hour from 0 to 23, got "${value}"`);
  return n;
}

function positive(name: string, value: string | undefined, fallback: number): number {
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
function switchFrom(name: string, value: string | undefined, fallback: boolean): boolean {
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

function percentFrom(value: string | undefined, fallback: number): number {
  const n = intFrom(value, fallback);
  if (n > 100) throw new Error(`Expected a percent between 0 and 100, got "${value}"`);
  return n;
}

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

/** The test payment provider's settings (docs/deploying.md "Payments"). */
function paymentSettings(env: Record<string, string | undefined>, sessionSecretValue: string, origin: string | null): Config["payments"] {
  const given = env.TEST_PAYMENTS_WEBHOOK_SECRET?.trim();
  if (given && given.length < 16) throw new Error("TEST_PAYMENTS_WEBHOOK_SECRET must be at least 16 characters");
  return {
    webhookDelayMs: intFrom(env.TEST_PAYMENTS_WEBHOOK_DELAY_MS, 2000),
    testWebhookSecret: given || createHmac("sha256", sessionSecretValue).update("nosh test payments webhook").digest("hex"),
    webhookOrigin: publicOrigin(env.NOSH_LOCAL_ORIGIN) ?? origin ?? "http://localhost:3000",
  };
}

/**
 * SESSION_SECRET (32+ characters) is required in production. Elsewhere a random secret is
 * generated once and kept in the data folder, so a newcomer needs no .env.
 */
function sessionSecret(env: Record<string, string | undefined>, deployment: Config["deployment"], dataDir: string): string {
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
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

let cached: Config | undefined;

/**
 * The server's configuration, read once from process.env (see .env.example). The one cache
 * behind lib/server/platform/config.ts (the app) and lib/edge/request-guard.ts (loaded by the proxy bundle
 * too, which cannot import server-only modules); each bundle holds its own copy of it.
 */
export function config(): Config {
  cached ??= loadConfig(process.env);
  return cached;
}
