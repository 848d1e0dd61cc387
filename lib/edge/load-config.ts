// Configuration from the environment. Plain module (no server-only) so that the CLI
// (prisma/cli.ts) and the tests can use it too. Its shape is config-types.ts; each setting's
// reading and checks, setting-readers.ts.
import { availableParallelism } from "node:os";
import { courierRatingAlert } from "./courier-rating-alert";
import path from "node:path";
import { OPEN_ORDER_LIMITS } from "../shared/constants";
import type { Config } from "./config-types";
import { backgroundCheckSettings } from "./background-check-settings";
import { geocoderSettings } from "./geocoder-settings";
import { signInSettings } from "./sign-in-settings";
import { stripeSettings } from "./stripe-settings";
import { relaySettings } from "./relay-settings";
import { textSettings } from "./text-settings";
import { posSettings } from "./pos-settings";
import { uploadStoreSettings } from "./upload-store-settings";
import {
  hourOfDay,
  intFrom,
  mapTileUrl,
  moneySettings,
  orderAcceptMs,
  orderExpirySweepMs,
  paymentSettings,
  percentFrom,
  positive,
  publicOrigin,
  pushSettings,
  sessionLifetimes,
  sessionSecret,
  switchFrom,
} from "./setting-readers";

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
  const stripe = stripeSettings(env, deployment);
  return {
    deployment,
    databaseUrl,
    databaseProvider,
    dataDir,
    uploadDir: path.resolve(/*turbopackIgnore: true*/ env.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    uploadStore: uploadStoreSettings(env),
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
    restaurantLimits: {
      perDay: intFrom(env.RESTAURANTS_PER_DAY, 3),
      perAccount: intFrom(env.RESTAURANTS_PER_ACCOUNT, 30),
      unverified: intFrom(env.RESTAURANTS_UNVERIFIED, 3),
    },
    deliveriesOpen: { max: intFrom(env.DELIVERIES_OPEN_MAX, 10), unverified: intFrom(env.DELIVERIES_OPEN_MAX_UNVERIFIED, 2) },
    promoGuesses: {
      perAccount: intFrom(env.PROMO_WRONG_PER_ACCOUNT, 10),
      perAddress: intFrom(env.PROMO_WRONG_PER_ADDRESS, 100),
    },
    emailVerification: {
      ttlHours: positive("EMAIL_VERIFICATION_HOURS", env.EMAIL_VERIFICATION_HOURS, 48),
      resendsPerHour: intFrom(env.EMAIL_VERIFICATION_RESENDS, 5),
    },
    passwordReset: {
      ttlMinutes: positive("PASSWORD_RESET_MINUTES", env.PASSWORD_RESET_MINUTES, 30),
      perAccount: intFrom(env.PASSWORD_RESET_PER_ACCOUNT, 5),
      perAddress: intFrom(env.PASSWORD_RESET_PER_ADDRESS, 30),
    },
    orderAcceptMs: orderAcceptMs(env),
    /** How long a customer has to answer a line the kitchen marked unavailable, before it is removed and refunded. */
    changeAnswerMinutes: positive("CHANGE_ANSWER_MINUTES", env.CHANGE_ANSWER_MINUTES, 5),
    orderExpirySweepMs: orderExpirySweepMs(env),
    payments: paymentSettings(env, secret, origin, deployment, stripe !== null),
    stripe,
    session: sessionLifetimes(env),
    printerSilentMs: positive("PRINTER_SILENT_SECONDS", env.PRINTER_SILENT_SECONDS, 30) * 1000,
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
      earlyMinutes: intFrom(env.DISPATCH_EARLY_MINUTES, 2),
      courierMaxJobs: positive("COURIER_MAX_JOBS", env.COURIER_MAX_JOBS, 2),
      tickMs: positive("DISPATCH_TICK_MS", env.DISPATCH_TICK_MS, 2_000),
      simulator: switchFrom("COURIER_SIMULATOR", env.COURIER_SIMULATOR, deployment !== "production" && switchFrom("NOSH_SEED", env.NOSH_SEED, true)),
      demoSpeed: positive("DEMO_SPEED", env.DEMO_SPEED, 1),
      stopMarginM: positive("DELIVERY_STOP_MARGIN_M", env.DELIVERY_STOP_MARGIN_M, 250),
      courierListPerMinute: positive("COURIER_LIST_PER_MINUTE", env.COURIER_LIST_PER_MINUTE, 20),
      latePickupMinutes: positive("LATE_PICKUP_MINUTES", env.LATE_PICKUP_MINUTES, 5),
      releasesPerHour: positive("COURIER_RELEASES_PER_HOUR", env.COURIER_RELEASES_PER_HOUR, 3),
      releasePauseMinutes: positive("COURIER_RELEASE_PAUSE_MINUTES", env.COURIER_RELEASE_PAUSE_MINUTES, 60),
      ratingAlert: courierRatingAlert(env.COURIER_RATING_ALERT),
      waitPay: {
        centsPerMinute: intFrom(env.COURIER_WAIT_PAY_CENTS, 25),
        graceMinutes: intFrom(env.COURIER_WAIT_GRACE_MINUTES, 5),
        maxMinutes: positive("COURIER_WAIT_PAY_MAX_MINUTES", env.COURIER_WAIT_PAY_MAX_MINUTES, 30),
      },
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
    geocoder: geocoderSettings(env, origin),
    backgroundCheck: backgroundCheckSettings(env, deployment),
    signIn: signInSettings(env, deployment),
    texts: textSettings(env, deployment, secret),
    pos: posSettings(env, deployment, secret),
    relay: relaySettings(env),
  };
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

/** Unit tests share a worker's modules (vitest.config.mts isolate: false): one that sets process.env reads it afresh. */
export function forgetConfigForTests(): void {
  cached = undefined;
}
