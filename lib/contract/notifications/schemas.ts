import { z } from "zod";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, PREFERENCE_CHANNELS } from "@/lib/shared/people/notifications";

// The notification centre's and the preferences' answers (docs/architecture/notifications.md),
// beside the other lib/contract/*/schemas.ts: the shapes of lib/shared/people/notifications.ts's JSON types.

const id = z.number().int().positive();

const payload = z.object({
  orderId: id.optional(),
  restaurantId: id.nullable().optional(),
  stage: z.string().optional(),
  jobId: id.optional(),
  reviewId: id.optional(),
  rating: z.number().optional(),
  amount: z.number().optional(),
  note: z.string().optional(),
  dropoffPhoto: z.boolean().optional().meta({ description: "order_delivered: left at the door, with the courier's photo (the order's dropoffPhotoUrl)" }),
  courierName: z.string().optional().meta({ description: "The courier's first name (their progress: heading to the restaurant, picked up, arriving)" }),
  dueBy: z.iso.datetime().optional().meta({ description: "order_running_late: the end of the arrival window that passed" }),
  timeZone: z.string().optional().meta({ description: "order_running_late: the restaurant's time zone, in which the title states dueBy" }),
  pickup: z.boolean().optional().meta({ description: "order_running_late: a pickup order (the kitchen is late)" }),
  restaurantName: z.string().optional().meta({ description: "review_replied: the restaurant that replied" }),
});

export const notificationSchema = z.object({
  id,
  kind: z.string().meta({ enum: [...NOTIFICATION_KINDS] }),
  title: z.string(),
  href: z.string().meta({ description: "The page it is about (a path of this site)" }),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
  payload,
});

/** A notification in the customer's data export (GET /api/users/{id}/export): every channel's row and what became of it. */
export const exportedNotificationSchema = z.object({
  id,
  kind: z.string().meta({ enum: [...NOTIFICATION_KINDS] }),
  // Every channel's, the texts' (sms) too.
  channel: z.enum(NOTIFICATION_CHANNELS),
  state: z.enum(["pending", "sent", "failed", "skipped"]),
  title: z.string(),
  href: z.string(),
  payload,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  readAt: z.iso.datetime().nullable().meta({ description: "in_app: when it was marked read in the bell" }),
});

/** A device push was turned on for, in the data export: its push service's endpoint (the keys are not exported). */
export const exportedPushSubscriptionSchema = z.object({
  id,
  endpoint: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().min(0).meta({ description: "The caller's unread notifications, all pages" }),
  more: z.boolean().meta({ description: "Another page follows (?offset=)" }),
});

export const unreadSchema = z.object({ unread: z.number().int().min(0) });

const channels = z.object(Object.fromEntries(PREFERENCE_CHANNELS.map((channel) => [channel, z.boolean()])) as Record<(typeof PREFERENCE_CHANNELS)[number], z.ZodBoolean>);

export const notificationPreferencesSchema = z.object({
  channels: z.array(z.enum(PREFERENCE_CHANNELS)),
  kinds: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS as [string, ...string[]]), label: z.string(), channels })),
});

/** GET /api/push/public-key. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().meta({ description: "The VAPID public key, base64url (an uncompressed P-256 point)" }) });

/** POST /api/push/subscriptions. */
export const pushSubscriptionAnswerSchema = z.object({
  subscription: z.object({
    id,
    createdAt: z.iso.datetime(),
    userAgent: z.string().nullable().meta({ description: 'The device, e.g. "Chrome on Android" (from the User-Agent)' }),
  }),
});
