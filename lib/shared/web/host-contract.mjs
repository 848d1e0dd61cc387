// @ts-check
// What the host (server/, around Next.js) and the app (inside it) share: the header names each
// writes and the other reads, the anti-forgery cookie's name, the process event that starts a
// shutdown, which pages are replayed to everyone and the headers of every answer
// (docs/architecture/host.md "The contract"). The three registries the host puts on globalThis
// for the app each have a module of their own, naming who installs, fills and reads it:
// lib/shared/web/registries/ (kept-answers.mjs, stream-handoff.mjs, host-routes.mjs).
//
// Plain JavaScript with JSDoc types, because both sides import it at run time: node runs the
// host's .mjs files as they are (Node 20 strips no TypeScript types, and the host has no build
// step), and Next.js bundles this file into the app like any other. `npm run typecheck` checks
// it strictly from both sides (tsconfig.json and server/tsconfig.json). It imports nothing, so
// the host loads no module of the app's, and lib/shared's rule (imports only lib/shared) holds.

/**
 * Every request's socket address, written by the host over anything the client sent
 * (server/client-address.mjs); lib/server/web/client-address.ts clientAddress() reads it when TRUST_PROXY is off.
 */
export const CLIENT_ADDRESS_HEADER = "x-nosh-client-address";

/** The anti-forgery cookie's name (lib/shared/web/csrf.ts, the API contract's). */
export const XSRF_COOKIE = "XSRF-TOKEN";

/** The mark of a shared answer, set by its handler (lib/server/web/kept-answers/index.ts) and removed by the host before the answer goes out. */
export const SHARED_HEADER = "x-nosh-shared";

/** The ticket of a live order event stream's hand-off (lib/server/live/stream.ts), removed by the host. */
export const HANDOFF_HEADER = "x-nosh-stream-handoff";

/**
 * The process event the host emits when it starts stopping: open event streams end at once
 * (lib/server/live/index.ts) instead of holding the graceful shutdown open.
 */
export const SHUTDOWN_EVENT = "nosh:shutdown";

// ---------------------------------------------------------------------------------------------
// The job process (docs/architecture/host.md "The job process"): NOSH_ROLE, set by the primary
// for its children, is "web" in the worker and "jobs" in the job process (unset without the host).

/** After SHUTDOWN_EVENT: the runner has stopped its timers and its passes under way have ended (lib/server/jobs/runner.ts). */
export const JOBS_STOPPED_EVENT = "nosh:jobs-stopped";

/**
 * On SQLite, in the job process: a transaction that wrote OrderEvent rows has committed
 * (lib/server/jobs/process.ts). The host passes it to the worker, where it emits
 * EVENTS_ELSEWHERE and the hub reads the rows at once rather than at its next poll
 * (lib/server/platform/local-writes.ts). PostgreSQL's NOTIFY needs neither.
 */
export const EVENTS_COMMITTED = "nosh:events-committed";
export const EVENTS_ELSEWHERE = "nosh:events-elsewhere";

/**
 * Pages rendered the same for every visitor but for the session, replayed by the host: landing,
 * home, a restaurant, a dish; app/(shop)/(catalog)/ holds exactly these (catalog-pages.test.ts).
 */
export const CATALOG_PAGES = /^\/(?:home|search|restaurants\/\d+|menu-items\/\d+)?(?:\?|$)/;

// ---------------------------------------------------------------------------------------------
// Routes the host serves itself (docs/architecture/host.md "Routes served by the host").

/**
 * The headers next.config.mjs gives every answer; a route the host serves without Next.js sets them itself.
 * @type {ReadonlyArray<{ key: string, value: string }>}
 */
export const EVERY_ANSWER_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  // Our own pages may ask for the position (never a frame of another site): the courier app
  // reports the courier's (docs/architecture/couriers.md), and the address form's "Use my
  // location", on every shop page's top bar and the landing page, reads the customer's once.
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self)" },
];

// ---------------------------------------------------------------------------------------------
// Sign in with Google and Apple's local stand-in (docs/architecture/accounts-security.md "Google and
// Apple"): the host serves it (server/sign-in-stand-in.mjs) and the app signs in through it.

/** Where the host serves the stand-in's two issuers: `${origin}${SIGN_IN_STAND_IN_PATH}/google` and `/apple`. */
export const SIGN_IN_STAND_IN_PATH = "/dev/sign-in";
/** The stand-in's client secret for both of its clients (`nosh-google`, `nosh-apple`): it is no secret, as the stand-in guards nothing. */
export const SIGN_IN_STAND_IN_SECRET = "nosh-stand-in-secret";

/**
 * Whether the stand-in runs: SIGN_IN_STAND_IN=on|off, else on outside production when neither
 * GOOGLE_CLIENT_ID nor APPLE_CLIENT_ID is set. lib/edge/sign-in-settings.ts refuses to start
 * NOSH_ENV=production with it on.
 * @param {Record<string, string | undefined>} env
 */
export function signInStandInWanted(env) {
  const set = env.SIGN_IN_STAND_IN?.trim().toLowerCase();
  if (set === "on" || set === "true" || set === "1") return true;
  if (set === "off" || set === "false" || set === "0") return false;
  return env.NOSH_ENV !== "production" && !env.GOOGLE_CLIENT_ID?.trim() && !env.APPLE_CLIENT_ID?.trim();
}

/**
 * The stand-in's origin: this server's own port on `localhost`, another site than the
 * `127.0.0.1` the tests browse (so Apple's form_post arrives cross-site, as from appleid.apple.com).
 * @param {Record<string, string | undefined>} env
 */
export function signInStandInOrigin(env) {
  let port = "3000";
  try {
    port = new URL(env.NOSH_LOCAL_ORIGIN ?? "").port || port;
  } catch {}
  return `http://localhost:${port}`;
}
