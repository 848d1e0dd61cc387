import { z } from "zod";
import { PREFERENCE_KINDS, PREFERENCE_CHANNELS } from "@/lib/shared/notifications";
import { whole } from "./browse";
import { MAX_ID } from "./id";
import { UNSUBSCRIBE_INVALID } from "@/lib/shared/messages";

// The notification centre's and the preferences' inputs (docs/architecture/notifications.md).

export const NOTIFICATIONS_PAGE = { default: 20, max: 100 } as const;

/** GET /api/notifications: `limit` and `offset`, as every list. */
export const notificationsPageSchema = z.object({
  limit: whole("limit", 1, NOTIFICATIONS_PAGE.max).optional().default(NOTIFICATIONS_PAGE.default),
  offset: whole("offset", 0, 100_000).optional().default(0),
});

/** POST /api/notifications/read: `{ ids: [...] }` (one or more of your own) or `{ all: true }`. */
export const markReadSchema = z.union(
  [
    z.object({
      ids: z
        .array(z.number().int().min(1).max(MAX_ID), "ids must be a list of notification ids")
        .min(1, "ids must name at least one notification")
        .max(100, "ids may name at most 100 notifications"),
    }),
    z.object({ all: z.literal(true, "all must be true") }),
  ],
  "Send { ids: [...] } or { all: true }",
);
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** PUT /api/account/notifications: the choices to change (others keep theirs). */
export const preferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(PREFERENCE_KINDS as [string, ...string[]], "kind must be one of the notification kinds"),
        channel: z.enum(PREFERENCE_CHANNELS, "channel must be in_app, email or push"),
        enabled: z.boolean("enabled must be true or false"),
      }),
      "preferences must be a list",
    )
    .min(1, "preferences must name at least one choice")
    .max(100, "preferences may name at most 100 choices"),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** GET|POST /api/notifications/unsubscribe?token=: the signed link of a mail (lib/server/notifications/unsubscribe.ts checks it). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: UNSUBSCRIBE_INVALID }).min(1, UNSUBSCRIBE_INVALID).max(200, UNSUBSCRIBE_INVALID),
  /** Set by the redirect after the page's button: show "You are unsubscribed" (when it is so). */
  done: z.literal("1").optional(),
});
