import "server-only";
import { randomUUID } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { Agent } from "node:https";
import type { LookupFunction } from "node:net";
import path from "node:path";
import { rootCertificates } from "node:tls";
import webpush, { WebPushError } from "web-push";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { privateDir } from "@/lib/edge/private-files";
import { describeIn, headlineIn, languageOf, languageOfMessage } from "./words";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { bareHost, hostMayBePublic, isPrivateAddress } from "../platform/public-address";
import { SkipNotification, type OutboxRow } from "./worker";
import { dropoffPhotoUrl } from "@/lib/shared/delivery/dropoff";
import { said } from "@/lib/shared/words/said";

// Web push (docs/architecture/web-push.md "Web push"): the VAPID keys, the guard on the
// endpoint URLs the server POSTs to, and the outbox's `push` sender. The payload is encrypted by
// web-push for the browser's keys (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292).

// ---------------------------------------------------------------------------------------------
// VAPID keys: from the configuration, or generated once into the data folder.

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
let keys: VapidKeys | undefined;

export const VAPID_FILE = "vapid-keys.json";

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or DATA_DIR/vapid-keys.json, created by the first process
 * that needs it. The pair is written whole to a file of its own, then hard-linked to the final
 * name: link() fails when the name exists, so of two processes racing exactly one pair wins,
 * and nobody can read a half-written file. Everyone then reads the winner's pair back.
 */
export function vapidKeys(): VapidKeys {
  if (keys) return keys;
  const settings = config().notifications.push;
  if (settings.vapid) return (keys = { ...settings.vapid, subject: settings.subject });
  const dir = config().dataDir;
  const file = path.join(dir, VAPID_FILE);
  if (!existsSync(file)) {
    privateDir(dir);
    const draft = path.join(dir, `.${VAPID_FILE}.${process.pid}.${randomUUID()}`);
    writeFileSync(draft, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: "wx" });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof stored.publicKey !== "string" || typeof stored.privateKey !== "string") throw new Error(`${file} is not a VAPID key pair: delete it to generate a new one`);
  return (keys = { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: settings.subject });
}

// ---------------------------------------------------------------------------------------------
// The endpoint guard (SSRF): the server POSTs to a URL a browser (or anyone signed in) gave it.

const allowedPrivate = (host: string) => config().notifications.push.allowPrivateHosts.includes(host);

/**
 * Why an endpoint URL is refused, or null: not https, credentials in it, or a host that is a
 * private address or a local name (unless PUSH_ALLOW_PRIVATE_HOSTS lists it). Names are checked
 * again on the address they resolve to when sending (`pushAgent`), so a public name pointing at
 * a private address is refused too (and a name that changes its answer later, DNS rebinding).
 */
export function endpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return said("messages.pushEndpoint");
  }
  if (url.protocol !== "https:") return said("messages.pushEndpoint");
  if (url.username || url.password) return "endpoint must not carry a user name or password";
  const host = bareHost(url.hostname);
  if (allowedPrivate(host)) return null;
  return hostMayBePublic(host) ? null : "endpoint must be a public push service";
}

/** dns.lookup, refusing private addresses for hosts not allowed to have them. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const host = bareHost(hostname);
    if (!allowedPrivate(host) && addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error(`Refused: ${hostname} resolves to a private address`), { code: "EPUSHPRIVATE" }), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

let agent: Agent | undefined;
/** The https agent of every push request: the guarded lookup, and PUSH_CA_FILE's authority beside the usual ones (tests). */
export function pushAgent(): Agent {
  if (agent) return agent;
  const caFile = config().notifications.push.caFile;
  agent = new Agent({ keepAlive: true, maxSockets: 16, lookup: guardedLookup, ...(caFile ? { ca: [...rootCertificates, readFileSync(caFile, "utf8")] } : {}) });
  return agent;
}

// ---------------------------------------------------------------------------------------------
// The message and the sender.

/** What the service worker (public/sw-push.js) receives, decrypted. */
export type PushMessage = {
  title: string;
  body: string;
  /** The page to open on a click: a path of this site (the order's page for an order). */
  url: string;
  kind: string;
  orderId: number | null;
  stage: string | null;
  /** Groups an order's notifications on the device: a later step replaces the earlier one. */
  tag: string;
  notificationId: number;
  /**
   * A picture shown large in the notification: the courier's drop-off photo of a delivered order
   * (a path of this site, read with the person's session cookie: Chromium loads a notification's
   * image like the page's own images, same-origin cookies included; docs/architecture/web-push.md "Web push").
   */
  image?: string;
};

/** The message of a row, in the person's language (`language`: User.language; English without one: words.ts). */
export function pushMessage(row: Pick<OutboxRow, "id" | "kind" | "payload">, language: string | null = null): PushMessage {
  const payload = JSON.parse(row.payload) as NotificationPayload;
  const locale = languageOfMessage(row.kind, language);
  const { title, href } = describeIn(locale, row.kind, payload);
  return {
    title: headlineIn(locale, row.kind),
    body: title,
    url: href,
    kind: row.kind,
    orderId: payload.orderId ?? null,
    stage: payload.stage ?? null,
    tag: payload.orderId ? `order-${payload.orderId}` : `notification-${row.id}`,
    notificationId: row.id,
    ...(row.kind === "order_delivered" && payload.dropoffPhoto && payload.orderId ? { image: dropoffPhotoUrl(payload.orderId) } : {}),
  };
}

/** How long a push service keeps a message for a device that is off (an order's step is stale after a day; an offer after its 30 s). */
const ttlOf = (kind: string) => (kind === "courier_offer" ? 60 : 24 * 3600);
const urgent = new Set(["courier_offer", "owner_new_order", "order_out_for_delivery", "order_rejected"]);

/**
 * The outbox's `push` sender: the row's message to each of its person's subscriptions. A 404 or
 * 410 from the push service means the browser dropped the subscription: it is deleted. The row
 * is sent when at least one device took it; when none did and an error may pass (a timeout, a
 * 5xx, a 429) it is retried like email (worker.ts), and when every subscription was gone it is
 * skipped. A device that failed while another took it is not retried: a retry would send the
 * others a second copy.
 */
export async function sendPush(row: OutboxRow): Promise<void> {
  const subscriptions = await db.pushSubscription.findMany({ where: { userId: row.userId }, select: { id: true, endpoint: true, p256dh: true, auth: true } });
  if (!subscriptions.length) throw new SkipNotification("No push subscription");
  const { publicKey, privateKey, subject } = vapidKeys();
  const message = pushMessage(row, await languageOf(row.userId));
  const body = JSON.stringify(message);
  let delivered = 0;
  let lastError: string | null = null;
  for (const subscription of subscriptions) {
    const problem = endpointProblem(subscription.endpoint);
    if (problem) {
      lastError = problem;
      continue;
    }
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, body, {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: ttlOf(row.kind),
        urgency: urgent.has(row.kind) ? "high" : "normal",
        ...(message.orderId ? { topic: `order${message.orderId}` } : {}),
        timeout: 15_000,
        agent: pushAgent(),
      });
      delivered++;
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        await db.pushSubscription.deleteMany({ where: { id: subscription.id, endpoint: subscription.endpoint } });
        continue;
      }
      lastError = status
        ? `Push service answered ${status}: ${String(error instanceof WebPushError ? error.body : "").slice(0, 200)}`
        : String((error as Error).message ?? error);
    }
  }
  if (delivered) return;
  if (lastError) throw new Error(lastError);
  throw new SkipNotification("Every push subscription has expired");
}
