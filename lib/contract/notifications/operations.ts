import { z } from "zod";
import { markReadSchema, notificationsPageSchema as notificationsQuerySchema, preferencesSchema, unsubscribeQuerySchema } from "@/lib/contract/notifications/rules";
import { notificationPreferencesSchema, notificationsPageSchema, pushPublicKeySchema, pushSubscriptionAnswerSchema, unreadSchema } from "./schemas";
import { pushSubscriptionSchema } from "@/lib/contract/notifications/push-rules";
import { deletedSchema } from "../common/schemas";
import { op, anyone, signedIn, author, eventStream, signedLink, streamAnswer } from "../define";

// The bell, the notification choices, a mail's unsubscribe link and web push devices (docs/architecture/notifications.md).

export const notificationOperations = [
  op("GET /api/notifications", {
    summary: "The caller's in-app notifications (the bell), newest first, with the unread count",
    access: signedIn,
    paging: "limit-offset",
    query: notificationsQuerySchema,
    ok: { description: "One page", schema: notificationsPageSchema },
    fixture: { matrix: {}, list: { as: "customer" } },
  }),
  op("POST /api/notifications/read", {
    summary: "Mark notifications read: `{ ids: [...] }` (the caller's own) or `{ all: true }`",
    access: signedIn,
    body: markReadSchema,
    ok: { description: "The unread count after it", schema: unreadSchema },
    errors: { 404: "An id that is not one of the caller's notifications (nothing changes)" },
    fixture: { matrix: { private: true, body: { ids: ["$ownersNotification"] } }, fuzz: { valid: { all: true } } },
  }),
  op("GET /api/notifications/events", {
    summary:
      "Server-Sent Events for the bell: an `event: notification` message each time the caller gets a notification about an order (re-read GET /api/notifications); resume with Last-Event-ID",
    access: signedIn,
    paging: eventStream,
    ok: streamAnswer,
    fixture: { matrix: {} },
  }),
  op("GET /api/notifications/unsubscribe", {
    summary:
      "The one-click unsubscribe link of a mail (List-Unsubscribe): a small page with a button that POSTs it. Changes nothing (mail scanners follow links); with `done=1` and the email off, the confirmation",
    access: signedLink,
    paging: { unpaged: "a mail's unsubscribe page (HTML): one question about one kind" },
    query: unsubscribeQuerySchema,
    ok: { description: "The confirmation page", contentType: "text/html" },
    errors: { 400: "A malformed, forged or tampered token (nothing changes)" },
    fixture: { matrix: { fresh: true, query: { token: "$unsubscribeToken" } } },
  }),
  op("POST /api/notifications/unsubscribe", {
    summary:
      "Turn off the email of the kind the signed link names, for the person it names (RFC 8058 List-Unsubscribe-Post; no session, no anti-forgery token: the link is the authority). A browser (Accept: text/html) is redirected to the confirmation page",
    access: signedLink,
    query: unsubscribeQuerySchema,
    ok: { description: "Unsubscribed", schema: z.object({ unsubscribed: z.literal(true), kind: z.string() }) },
    errors: {
      303: "A browser's POST (Accept: text/html, the page's button): see GET ...&done=1, the confirmation page",
      400: "A malformed, forged or tampered token (nothing changes)",
      404: "The account no longer exists",
    },
    // The fuzzer's junk tokens: a 400 that changes nothing (the signed token in the query is the authority).
    fixture: {
      matrix: { fresh: true, query: { token: "$unsubscribeToken" } },
      fuzz: {
        queries: [
          "",
          "?token=",
          "?token=garbage",
          "?token=1.order_receipt.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
          "?token=1.nope.x",
          "?token[]=1",
          `?token=${"9".repeat(300)}`,
        ],
      },
    },
  }),
  op("GET /api/account/notifications", {
    resource: "Notifications",
    summary: "The caller's notification choices: each kind they can get, on each channel (defaults included)",
    access: signedIn,
    paging: { unpaged: "one person's notification choices (every kind on every channel)" },
    ok: { description: "The choices", schema: notificationPreferencesSchema },
    fixture: { matrix: {} },
  }),
  op("PUT /api/account/notifications", {
    resource: "Notifications",
    summary:
      "Change notification choices (`preferences: [{ kind, channel, enabled }]`); the others keep theirs. A channel turned off writes later notifications of that kind as skipped",
    access: signedIn,
    body: preferencesSchema,
    ok: { description: "Every choice as it now stands", schema: notificationPreferencesSchema },
    fixture: {
      matrix: { body: { preferences: [{ kind: "order_receipt", channel: "email", enabled: false }] } },
      fuzz: { valid: { preferences: [{ kind: "order_receipt", channel: "email", enabled: false }] } },
    },
  }),
  op("GET /api/push/public-key", {
    summary: "The VAPID public key (base64url) to subscribe a browser with (`pushManager.subscribe({ applicationServerKey })`)",
    access: anyone,
    paging: { unpaged: "the web push key: one value" },
    ok: { description: "The key", schema: pushPublicKeySchema },
    fixture: { matrix: {} },
  }),
  op("POST /api/push/subscriptions", {
    summary:
      "Save this browser's push subscription (its `PushSubscription.toJSON()`) for the caller: `endpoint` an https URL of a public push service, `keys.p256dh` and `keys.auth` base64url. A known endpoint moves to the caller; past 10 devices the caller's oldest is replaced",
    access: signedIn,
    body: pushSubscriptionSchema,
    ok: { status: 201, description: "The subscription", schema: pushSubscriptionAnswerSchema },
    fixture: { matrix: { body: "$pushSubscriptionBody" }, fuzz: { valid: "$pushSubscriptionBody" } },
  }),
  op("DELETE /api/push/subscriptions/{id}", {
    summary: "Stop pushing to one of the caller's devices",
    access: author,
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: "Unknown subscription, or not the caller's" },
    fixture: { matrix: { path: { id: "$pushSubscription" } } },
  }),
];
