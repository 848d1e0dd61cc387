// What Nosh tells people outside the page they are on (docs/architecture/notifications.md): the
// kinds, the channels, who gets each kind, the defaults of the preferences and the words. Shared
// by the outbox (lib/server/notifications/), the bell and the preferences page.

import type { NotificationPayload } from "./notification-shapes";
import { RECORD_STAGES } from "../delivery/courier-record";

/** `sms`: a text message, written only for a person who opted in a number for its moment (lib/shared/people/texts.ts), never a preference of this page. */
export const NOTIFICATION_CHANNELS = ["in_app", "email", "push", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** The channels a person can turn on or off (push: on the devices where they turned it on, docs/architecture/web-push.md "Web push"). */
export const PREFERENCE_CHANNELS = ["in_app", "email", "push"] as const satisfies readonly NotificationChannel[];
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/** Who a kind is for: the preferences page shows a person the kinds of their roles. */
export type Audience = "customer" | "owner" | "courier" | "operator";
/** Security mails (a password reset link, "Your password was changed"): always sent by email, never on the preferences page. */
type Security = "security";

/** Who a kind is for: one audience, or several (a payout is made to an owner or a courier). */
type KindInfo = { audience: Audience | readonly Audience[] | Security; defaults: Record<PreferenceChannel, boolean> };

// Push is on by default for what needs an answer or changes a plan (an order's steps, a new order,
// a courier's offer): it costs nothing until a person turns push on for a device.
const on = { in_app: true, email: true, push: true };
const appOnly = { in_app: true, email: false, push: false };
const emailOnly = { in_app: false, email: true, push: false };
const noPush = { in_app: true, email: true, push: false };
const appAndPush = { in_app: true, email: false, push: true };

export const NOTIFICATION_KIND_INFO = {
  account_welcome: { audience: "customer", defaults: emailOnly },
  order_receipt: { audience: "customer", defaults: noPush },
  order_accepted: { audience: "customer", defaults: on },
  order_rejected: { audience: "customer", defaults: on },
  order_ready: { audience: "customer", defaults: on },
  order_out_for_delivery: { audience: "customer", defaults: on },
  order_courier_update: { audience: "customer", defaults: appAndPush },
  order_running_late: { audience: "customer", defaults: appAndPush },
  order_changed: { audience: "customer", defaults: on },
  order_delivered: { audience: "customer", defaults: on },
  order_canceled: { audience: "customer", defaults: on },
  order_expired: { audience: "customer", defaults: on },
  problem_update: { audience: "customer", defaults: on },
  review_replied: { audience: "customer", defaults: appOnly },
  support_reply: { audience: ["customer", "owner", "courier"], defaults: noPush },
  owner_problem_reported: { audience: "owner", defaults: on },
  owner_new_order: { audience: "owner", defaults: on },
  owner_order_canceled: { audience: "owner", defaults: appAndPush },
  owner_review_received: { audience: "owner", defaults: appOnly },
  owner_webhook_disabled: { audience: "owner", defaults: emailOnly },
  owner_daily_summary: { audience: "owner", defaults: emailOnly },
  payout_made: { audience: ["owner", "courier"], defaults: noPush },
  owner_account_update: { audience: "owner", defaults: noPush },
  courier_account_update: {
    audience: "courier",
    defaults: noPush,
  },
  courier_offer: { audience: "courier", defaults: appAndPush },
  operator_reconciliation: { audience: "operator", defaults: noPush },
  password_reset: { audience: "security", defaults: emailOnly },
  password_changed: { audience: "security", defaults: emailOnly },
  email_verification: { audience: "security", defaults: emailOnly },
  email_changed: { audience: "security", defaults: emailOnly },
  passkey_added: { audience: "security", defaults: emailOnly },
  team_invitation: { audience: "security", defaults: emailOnly },
  // A gift card's mail to its recipient (lib/server/gift-cards/book.ts): a one-off to an address, from the buyer's row, as an invitation is.
  gift_card: { audience: "security", defaults: emailOnly },
  // A membership's renewal declined (retried daily), its end after the grace or at a retired plan's period end (lib/server/membership/renew.ts).
  membership_update: { audience: "customer", defaults: noPush },
} as const satisfies Record<string, KindInfo>;

export type NotificationKind = keyof typeof NOTIFICATION_KIND_INFO;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_KIND_INFO) as NotificationKind[];
export const isNotificationKind = (value: string): value is NotificationKind => Object.hasOwn(NOTIFICATION_KIND_INFO, value);
/** Kinds no preference turns off (the outbox writes their defaults), absent from the preferences page. */
export const isSecurityKind = (kind: NotificationKind): boolean => NOTIFICATION_KIND_INFO[kind].audience === "security";
/** The kinds a person may choose channels for. */
export const PREFERENCE_KINDS = NOTIFICATION_KINDS.filter((kind) => !isSecurityKind(kind));

/** The kinds a person sees on the preferences page: customers' for everyone, owners' and couriers' for them. */
export function kindsFor(roles: { restaurantOwner: boolean; courier: boolean; operator?: boolean }): NotificationKind[] {
  return PREFERENCE_KINDS.filter((kind) => {
    const info: KindInfo = NOTIFICATION_KIND_INFO[kind];
    const audiences: readonly (Audience | Security)[] = typeof info.audience === "string" ? [info.audience] : info.audience;
    return audiences.some(
      (audience) =>
        audience === "customer" ||
        (audience === "owner" && roles.restaurantOwner) ||
        (audience === "courier" && roles.courier) ||
        (audience === "operator" && roles.operator === true),
    );
  });
}

export const defaultEnabled = (kind: NotificationKind, channel: PreferenceChannel): boolean => NOTIFICATION_KIND_INFO[kind].defaults[channel];

/** Where a notification leads (the bell's link, the mail's button); its words are the catalogue's (lib/server/notifications/words.ts). */
export function notificationHref(kind: string, payload: NotificationPayload): string {
  const orderHref = payload.orderId ? `/orders/${payload.orderId}` : "/orders";
  const boardHref = payload.restaurantId ? `/restaurants/${payload.restaurantId}/orders` : "/restaurants/manage";
  const restaurant = (page: string) => (payload.restaurantId ? `/restaurants/${payload.restaurantId}${page}` : "/restaurants/manage");
  switch (kind) {
    case "order_receipt":
    case "order_accepted":
    case "order_rejected":
    case "order_ready":
    case "order_out_for_delivery":
    case "order_courier_update":
    case "order_running_late":
    case "order_changed":
    case "order_delivered":
    case "order_canceled":
    case "order_expired":
    case "problem_update":
      return orderHref;
    case "owner_new_order":
    case "owner_order_canceled":
    case "owner_problem_reported":
      return boardHref;
    case "owner_webhook_disabled":
      return restaurant("/webhooks");
    case "owner_review_received":
      return restaurant("");
    case "support_reply":
      // An operator's reply to the contact form (lib/server/support/tickets.ts); the text is in the mail and on the contact page.
      return "/help/contact";
    case "review_replied":
      // The owner's public reply (lib/server/reviews/replies.ts), read on the restaurant's reviews.
      return payload.restaurantId ? `/reviews/restaurant/${payload.restaurantId}` : "/reviews";
    case "owner_daily_summary": {
      const summary = payload.summary;
      return restaurant(`/insights${summary ? `?from=${summary.date}&to=${summary.date}` : ""}`);
    }
    case "payout_made":
      // A payout the bank returned (lib/server/payouts/lifecycle.ts) is told under the same kind, with stage "failed".
      return payload.restaurantId ? `/restaurants/${payload.restaurantId}/payouts` : "/courier";
    case "courier_offer":
      return "/courier";
    case "owner_account_update":
      // An operator's change to the restaurant (lib/server/operators/restaurants.ts).
      return payload.stage === "commission" && payload.restaurantId ? `/restaurants/${payload.restaurantId}/payouts` : "/restaurants/manage";
    case "courier_account_update":
      // An operator's decision on a courier (lib/server/operators/couriers.ts); the record's stages (a warning, a
      // suspension, an appeal's answer) open the record screen, a document's review the courier's page.
      return payload.stage !== "document" && (payload.stage === "suspended" || RECORD_STAGES.includes(payload.stage ?? "")) ? "/courier/record" : "/courier";
    case "password_reset":
      return "/reset-password";
    case "password_changed":
    case "passkey_added":
      return "/account";
    case "gift_card":
      return "/wallet";
    case "membership_update":
      return "/membership";
    case "operator_reconciliation":
      // lib/server/payouts/reconcile.ts: a provider record and the ledger disagree.
      return "/admin/reconciliation";
    default:
      return "/";
  }
}

/** GET /api/account/notifications: every kind shown, with its choice per channel. */
export type NotificationPreferencesJson = {
  channels: PreferenceChannel[];
  kinds: { kind: NotificationKind; label: string; channels: Record<PreferenceChannel, boolean> }[];
};
