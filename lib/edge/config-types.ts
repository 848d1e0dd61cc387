// The configuration's shape (Config), read from the environment by load-config.ts, and the
// settings it groups: notifications, push, dispatch, the order event streams. Plain module, like
// load-config.ts.

import type { SessionLifetimes } from "./session-cookie";
import type { BackgroundCheckSettings } from "./background-check-settings";
import type { GeocoderSettings } from "./geocoder-settings";
import type { SignInSettings } from "./sign-in-settings";
import type { StripeSettings } from "./stripe-settings";
import type { TextSettings } from "./text-settings";
import type { PosSettings } from "./pos-settings";
import type { RelaySettings } from "./relay-settings";
import type { ObjectStoreSettings } from "./upload-store-settings";
import type { WaitPayRule } from "@/lib/shared/money/wait-pay";

export type Config = {
  /** "production" only for deployments (NOSH_ENV=production): secrets are then mandatory. */
  deployment: "production" | "development";
  databaseUrl: string;
  databaseProvider: "sqlite" | "postgresql";
  dataDir: string;
  uploadDir: string;
  /** UPLOAD_STORE: an S3-compatible object store for the uploads (lib/edge/upload-store-settings.ts), or null: the folder uploadDir. */
  uploadStore: ObjectStoreSettings | null;
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
   * Restaurants one account may add (lib/server/restaurants/limits.ts): `perDay` in any 24 hours
   * (RESTAURANTS_PER_DAY, default 3), `perAccount` owned in all (RESTAURANTS_PER_ACCOUNT, 30) and
   * `unverified` in all while its email is not verified (RESTAURANTS_UNVERIFIED, 3); 0 turns one off.
   */
  restaurantLimits: { perDay: number; perAccount: number; unverified: number };
  /**
   * Delivery requests of one owner's restaurants on their way at once (accepted, not yet delivered
   * or canceled: lib/server/deliveries/pay.ts): DELIVERIES_OPEN_MAX (default 10), and
   * DELIVERIES_OPEN_MAX_UNVERIFIED (2) while the owner's email is not verified; 0 turns one off.
   */
  deliveriesOpen: { max: number; unverified: number };
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
  /**
   * Email verification links (docs/architecture/accounts-security.md): they expire after
   * EMAIL_VERIFICATION_HOURS (default 48); resends per account an hour (EMAIL_VERIFICATION_RESENDS, 5).
   */
  emailVerification: { ttlHours: number; resendsPerHour: number };
  /** The most a problem report may be worth to be approved at once, in cents (SUPPORT_AUTO_APPROVE_CENTS, default 1000; also at most 15% of the order). */
  supportAutoApproveCents: number;
  /**
   * Money rules (docs/architecture/ledger.md): the most one top-up may add, in cents
   * (WALLET_TOPUP_MAX, whole dollars, default 10000: the contract's bound, which it may only lower),
   * and the tip's ceiling: TIP_MAX_PERCENT of the item subtotal (default 50; at least 30, the
   * spec's largest preset), never below TIP_MAX_FLOOR dollars (default 20, so a small order can
   * still tip a few dollars). A card top-up (POST /api/users/wallet/{id}/top-ups) is at least WALLET_TOPUP_MIN
   * dollars (default 5) and a customer's card top-ups add at most WALLET_TOPUP_DAILY_MAX dollars in
   * 24 hours (default 2000).
   */
  money: { topUpMaxCents: number; topUpMinCents: number; topUpDailyMaxCents: number; tipMaxPercent: number; tipFloorCents: number };
  /** How long a delivered order's earnings stay pending before they can be paid out, in ms (EARNINGS_HOLD_SECONDS, default 172800: the 48 hours a problem can be reported in). */
  earningsHoldMs: number;
  /** How long a placed order waits for the restaurant to accept it before it expires, in ms. */
  orderAcceptMs: number;
  /** Minutes a customer has to answer a line marked unavailable (CHANGE_ANSWER_MINUTES, default 5). */
  changeAnswerMinutes: number;
  /** Card payments (docs/architecture/payments.md): the built-in test provider's settings. */
  payments: {
    /**
     * PAYMENTS=test in production: a staging site on the built-in test provider. Every page then
     * says "Test mode: no real money moves". Production without it needs Stripe (load-config.ts
     * refuses to start otherwise); elsewhere the test provider is the default and says nothing.
     */
    testMode: boolean;
    /** How long a customer has to pay for an order whose capture failed before it is canceled like a rejection (HELD_ORDER_MINUTES, default 30). */
    heldOrderMinutes: number;
    /** How long the test provider waits before sending an event's webhook (TEST_PAYMENTS_WEBHOOK_DELAY_MS, default 2000). */
    webhookDelayMs: number;
    /** The secret the test provider signs its webhooks with (TEST_PAYMENTS_WEBHOOK_SECRET; else derived from the session secret). */
    testWebhookSecret: string;
    /** Where the test provider delivers its webhooks: this server's own origin (NOSH_LOCAL_ORIGIN, else the link origin). */
    webhookOrigin: string;
  };
  /** The Stripe provider (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, lib/edge/stripe-settings.ts), or null: the built-in test provider. */
  stripe: StripeSettings | null;
  /** How often each process expires overdue orders, in ms (ORDER_EXPIRY_SWEEP_MS; see orderExpirySweepMs). */
  orderExpirySweepMs: number;
  /** Session lifetimes in seconds (see lib/edge/session-cookie.ts). */
  session: SessionLifetimes;
  /** Live order events (lib/server/live/): see .env.example. */
  orderEvents: OrderEventSettings;
  /** Couriers and dispatch (lib/server/dispatch/, docs/architecture/couriers.md): see .env.example. */
  dispatch: DispatchSettings;
  /** The notification outbox and email (lib/server/notifications/, docs/architecture/notifications.md): see .env.example. */
  notifications: NotificationSettings;
  /** A deployment's own XYZ raster tiles for the maps ("https://tiles.example/{z}/{x}/{y}.png"), or null: the offline sketch. */
  mapTileUrl: string | null;
  /** The geocoder (GEOCODER, GEOCODER_URL..., lib/edge/geocoder-settings.ts): the offline one, or a Nominatim server. */
  geocoder: GeocoderSettings;
  /** The couriers' background check (BACKGROUND_CHECK, CHECKR_*, lib/edge/background-check-settings.ts): offline, Checkr, or none (production unset). */
  backgroundCheck: BackgroundCheckSettings;
  /** Sign in with Google and Apple (./sign-in-settings.ts): the providers offered, none in production unless configured. */
  signIn: SignInSettings;
  /** Text messages (TEXTS, TWILIO_*, lib/edge/text-settings.ts): the built-in provider, Twilio, or none (production unset). */
  texts: TextSettings;
  /** The point-of-sale link (pos-settings.ts). */
  pos: PosSettings;
  /** The masked calls' relay pool (RELAY_NUMBERS, CALL_MINUTE_COST, ./relay-settings.ts): empty, no relay. */
  relay: RelaySettings;
  /** A kitchen printer unheard this long is silent, in ms (PRINTER_SILENT_SECONDS, default 30): the board's alarm. */
  printerSilentMs: number;
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
  /** Web push (lib/server/notifications/push.ts, docs/architecture/web-push.md "Web push"). */
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
  /**
   * A waiting job is offered once its soonest courier would reach the restaurant at most this many
   * minutes before the food is ready (DISPATCH_EARLY_MINUTES, default 2; lib/shared/delivery/dispatch-timing.mjs):
   * couriers are sent to arrive with the food. 90, the longest prep, offers every job at once.
   */
  earlyMinutes: number;
  /** Jobs a courier may hold at once (COURIER_MAX_JOBS, default 2). */
  courierMaxJobs: number;
  /** How often each process expires offers and offers waiting jobs, in ms (DISPATCH_TICK_MS, default 2000). */
  tickMs: number;
  /** The demo courier simulator (COURIER_SIMULATOR; on with demo data, off in production). */
  simulator: boolean;
  /** How many times faster the demo's simulated owners and couriers act (DEMO_SPEED, default 1; lib/shared/demo/demo-pace.ts): the demo journey's test. */
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
  /** Operators see a courier's rating as low under this share of thumbs up over at least this many ratings (COURIER_RATING_ALERT, default 80/20). */
  ratingAlert: { belowPercent: number; minRatings: number };
  /**
   * Pay for waiting at the restaurant (docs/architecture/couriers.md "Pay for waiting"): cents a
   * minute past the promised ready time plus the grace (COURIER_WAIT_PAY_CENTS, default 25; 0 off;
   * COURIER_WAIT_GRACE_MINUTES, default 5), at most this many minutes an order
   * (COURIER_WAIT_PAY_MAX_MINUTES, default 30), from the restaurant's balance.
   */
  waitPay: WaitPayRule;
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
