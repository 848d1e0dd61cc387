import { z } from "zod";
import { PREFERENCE_KINDS, PREFERENCE_CHANNELS } from "@/lib/shared/people/notifications";
import { whole } from "../restaurants/browse-rules";
import { MAX_ID } from "../common/id-rules";
import { UNSUBSCRIBE_INVALID } from "@/lib/shared/words/messages";
import { said } from "@/lib/shared/words/said";

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
        .array(z.number().int().min(1).max(MAX_ID), said("rules.notifications.ids"))
        .min(1, said("rules.notifications.idsMin"))
        .max(100, said("rules.notifications.idsMax")),
    }),
    z.object({ all: z.literal(true, said("rules.notifications.all")) }),
  ],
  said("rules.notifications.nothing"),
);
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** PUT /api/account/notifications: the choices to change (others keep theirs). */
export const preferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(PREFERENCE_KINDS as [string, ...string[]], said("rules.notifications.kind")),
        channel: z.enum(PREFERENCE_CHANNELS, said("rules.notifications.channel")),
        enabled: z.boolean(said("rules.common.trueOrFalse", { field: "enabled" })),
      }),
      said("rules.notifications.preferences"),
    )
    .min(1, said("rules.notifications.preferencesMin"))
    .max(100, said("rules.notifications.preferencesMax")),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** GET|POST /api/notifications/unsubscribe?token=: the signed link of a mail (lib/server/notifications/unsubscribe.ts checks it). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: UNSUBSCRIBE_INVALID }).min(1, UNSUBSCRIBE_INVALID).max(200, UNSUBSCRIBE_INVALID),
  /** Set by the redirect after the page's button: show "You are unsubscribed" (when it is so). */
  done: z.literal("1").optional(),
});
