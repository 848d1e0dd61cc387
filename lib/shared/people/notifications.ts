// What Nosh tells people outside the page they are on (docs/architecture/notifications.md): the
// kinds, the channels, who gets each kind, the defaults of the preferences and the words. Shared
// by the outbox (lib/server/notifications/), the bell and the preferences page.

import { formatTime } from "../time/format-date";
import { summaryDay, type NotificationPayload } from "./notification-shapes";
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
type KindInfo = { audience: Audience | readonly Audience[] | Security; label: string; defaults: Record<PreferenceChannel, boolean> };

// Push is on by default for what needs an answer or changes a plan (an order's steps, a new order,
// a courier's offer): it costs nothing until a person turns push on for a device.
const on = { in_app: true, email: true, push: true };
const appOnly = { in_app: true, email: false, push: false };
const emailOnly = { in_app: false, email: true, push: false };
const noPush = { in_app: true, email: true, push: false };
const appAndPush = { in_app: true, email: false, push: true };

export const NOTIFICATION_KIND_INFO = {
  account_welcome: { audience: "customer", label: "Welcome mail when you sign up", defaults: emailOnly },
  order_receipt: { audience: "customer", label: "Receipt when you place an order", defaults: noPush },
  order_accepted: { audience: "customer", label: "Order accepted, with its estimate", defaults: on },
  order_rejected: { audience: "customer", label: "Order rejected, with the refund", defaults: on },
  order_ready: { audience: "customer", label: "Order ready for pickup", defaults: on },
  order_out_for_delivery: { audience: "customer", label: "Order on its way", defaults: on },
  order_courier_update: { audience: "customer", label: "Your courier heading to the restaurant, and arriving", defaults: appAndPush },
  order_running_late: { audience: "customer", label: "Your order running late: its arrival time passed", defaults: appAndPush },
  order_changed: { audience: "customer", label: "A dish of your order unavailable: choose a replacement or removal", defaults: on },
  order_delivered: { audience: "customer", label: "Order delivered", defaults: on },
  order_canceled: { audience: "customer", label: "Order canceled, with the refund", defaults: on },
  order_expired: { audience: "customer", label: "Order not confirmed in time, with the refund", defaults: on },
  problem_update: { audience: "customer", label: "A problem you reported: its decision and refund", defaults: on },
  review_replied: { audience: "customer", label: "A restaurant replied to your review", defaults: appOnly },
  support_reply: { audience: ["customer", "owner", "courier"], label: "Nosh support answered your message", defaults: noPush },
  owner_problem_reported: { audience: "owner", label: "A customer reported a problem with an order", defaults: on },
  owner_new_order: { audience: "owner", label: "New order at your restaurant", defaults: on },
  owner_order_canceled: { audience: "owner", label: "An order at your restaurant canceled or expired", defaults: appAndPush },
  owner_review_received: { audience: "owner", label: "New review of your restaurant", defaults: appOnly },
  owner_webhook_disabled: { audience: "owner", label: "A webhook endpoint of your restaurant disabled after a day of failures", defaults: emailOnly },
  owner_daily_summary: { audience: "owner", label: "Daily summary of yesterday's orders, sales and ratings", defaults: emailOnly },
  payout_made: { audience: ["owner", "courier"], label: "Payout made", defaults: noPush },
  owner_account_update: { audience: "owner", label: "Your restaurant's account: its commission, a suspension and its restoration", defaults: noPush },
  courier_account_update: {
    audience: "courier",
    label: "Your courier application approved or refused, a warning, a suspension, an appeal's answer and a restoration",
    defaults: noPush,
  },
  courier_offer: { audience: "courier", label: "Delivery offered to you", defaults: appAndPush },
  operator_reconciliation: { audience: "operator", label: "A difference between the payment provider's records and the ledger", defaults: noPush },
  password_reset: { audience: "security", label: "A link to reset your password", defaults: emailOnly },
  password_changed: { audience: "security", label: "Your password was changed", defaults: emailOnly },
  email_verification: { audience: "security", label: "Confirm your email", defaults: emailOnly },
  email_changed: { audience: "security", label: "Email changed", defaults: emailOnly },
  passkey_added: { audience: "security", label: "A passkey was added to your account", defaults: emailOnly },
  team_invitation: { audience: "security", label: "An invitation to a restaurant's team", defaults: emailOnly },
  // A gift card's mail to its recipient (lib/server/gift-cards/book.ts): a one-off to an address, from the buyer's row, as an invitation is.
  gift_card: { audience: "security", label: "A gift card you sent, mailed to its recipient", defaults: emailOnly },
  // A membership's renewal declined (retried daily), its end after the grace or at a retired plan's period end (lib/server/membership/renew.ts).
  membership_update: { audience: "customer", label: "Your membership: a renewal that could not be charged, and its end", defaults: noPush },
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

/** One line a person reads, and where it leads. */
export function describeNotification(kind: string, payload: NotificationPayload): { title: string; href: string } {
  const order = payload.orderId ? `Order #${payload.orderId}` : "Your order";
  const orderHref = payload.orderId ? `/orders/${payload.orderId}` : "/orders";
  const boardHref = payload.restaurantId ? `/restaurants/${payload.restaurantId}/orders` : "/restaurants/manage";
  switch (kind) {
    case "account_welcome":
      return { title: "Welcome to Nosh", href: "/" };
    case "order_receipt":
      return { title: `${order} placed: your receipt`, href: orderHref };
    case "order_accepted":
      return { title: `${order} accepted: the restaurant is preparing it`, href: orderHref };
    case "order_rejected":
      return { title: `${order} was rejected by the restaurant`, href: orderHref };
    case "order_ready":
      return { title: `${order} is ready`, href: orderHref };
    case "order_out_for_delivery":
      // Picked up by a courier: who has it; the restaurant's own staff: on its way.
      return { title: payload.courierName ? `${payload.courierName} picked up your order` : `${order} is on its way`, href: orderHref };
    case "order_courier_update": {
      const name = payload.courierName ?? "Your courier";
      return { title: payload.stage === "courier_arriving" ? `${name} is arriving` : `${name} is heading to the restaurant`, href: orderHref };
    }
    case "order_running_late": {
      // The window the order's page showed has passed (lib/server/orders/running-late.ts), told in the restaurant's zone.
      const due = payload.dueBy ? ` ${payload.pickup ? "to be ready" : "to arrive"} by ${formatTime(payload.dueBy, payload.timeZone)}` : "";
      return { title: `${order} is running late: it was expected${due}`, href: orderHref };
    }
    case "order_changed": {
      // A dish the kitchen marked unavailable: asked, then how it was settled.
      const dish = payload.note ?? "A dish";
      const settled =
        payload.stage === "replaced" ? "was replaced" : payload.stage === "asked" ? "is unavailable: choose a replacement or removal" : "was removed and refunded";
      return { title: `${order}: ${dish} ${settled}`, href: orderHref };
    }
    case "order_delivered":
      return { title: payload.dropoffPhoto ? `${order} was left at your door: see the courier's photo` : `${order} was delivered`, href: orderHref };
    case "order_canceled":
      return { title: `${order} was canceled`, href: orderHref };
    case "order_expired":
      return { title: `${order} was canceled: the restaurant did not confirm it`, href: orderHref };
    case "owner_new_order":
      return { title: `New order #${payload.orderId ?? ""}`.trim(), href: boardHref };
    case "owner_order_canceled":
      return { title: `Order #${payload.orderId ?? ""} was ${payload.stage === "expired" ? "not confirmed in time" : "canceled"}`, href: boardHref };
    case "owner_webhook_disabled":
      return {
        title: `A webhook endpoint was disabled after a day of failed deliveries${payload.url ? `: ${payload.url}` : ""}`,
        href: payload.restaurantId ? `/restaurants/${payload.restaurantId}/webhooks` : "/restaurants/manage",
      };
    case "owner_review_received":
      return {
        title: `New ${payload.rating ? `${payload.rating}-star ` : ""}review`,
        href: payload.restaurantId ? `/restaurants/${payload.restaurantId}` : "/restaurants/manage",
      };
    case "support_reply":
      // An operator's reply to the contact form (lib/server/support/tickets.ts); the text is in the mail and on the contact page.
      return {
        title: payload.orderId ? `Nosh support answered your message about order #${payload.orderId}` : "Nosh support answered your message",
        href: "/help/contact",
      };
    case "review_replied":
      // The owner's public reply (lib/server/reviews/replies.ts), read on the restaurant's reviews.
      return {
        title: `${payload.restaurantName ?? "The restaurant"} replied to your review`,
        href: payload.restaurantId ? `/reviews/restaurant/${payload.restaurantId}` : "/reviews",
      };
    case "owner_daily_summary": {
      const summary = payload.summary;
      const day = summary ? summaryDay(summary.date) : "yesterday";
      return {
        title: summary ? `${summary.restaurantName} on ${day}: ${summary.placed} order${summary.placed === 1 ? "" : "s"}` : "Your daily summary",
        href: payload.restaurantId ? `/restaurants/${payload.restaurantId}/insights${summary ? `?from=${summary.date}&to=${summary.date}` : ""}` : "/restaurants/manage",
      };
    }
    case "payout_made":
      return {
        // A payout the bank returned (lib/server/payouts/lifecycle.ts) is told under the same kind, with stage "failed".
        title: payload.stage === "failed" ? `Payout failed: ${payload.note ?? ""}` : payload.note ? `Payout made: ${payload.note}` : "Payout made",
        href: payload.restaurantId ? `/restaurants/${payload.restaurantId}/payouts` : "/courier",
      };
    case "courier_offer":
      return { title: "A delivery is offered to you", href: "/courier" };
    case "owner_account_update": {
      // An operator's change to the restaurant (lib/server/operators/restaurants.ts).
      const name = payload.restaurantName ?? "Your restaurant";
      const title =
        payload.stage === "commission"
          ? `${name}'s commission is now ${payload.percent ?? "the default"}%`
          : payload.stage === "suspended"
            ? `${name} was suspended by Nosh`
            : `${name} was restored: it can take orders again`;
      return { title, href: payload.stage === "commission" && payload.restaurantId ? `/restaurants/${payload.restaurantId}/payouts` : "/restaurants/manage" };
    }
    case "courier_account_update": {
      // An operator's decision on a courier (lib/server/operators/couriers.ts).
      const titles: Record<string, string> = {
        approved: "Your courier application was approved: you can start a shift",
        refused: "Your courier application was not approved",
        suspended: "Your courier account was suspended by Nosh",
        restored: "Your courier account was restored: you can start a shift",
        ...RECORD_STAGES,
      };
      // A document's review, its expiry warning and expiry (lib/server/onboarding/): the sentence is the note.
      if (payload.stage === "document") return { title: payload.note ?? "Your courier documents changed", href: "/courier" };
      // The record's stages (a warning, a suspension, an appeal's answer) open the record screen.
      const recordStage = payload.stage === "suspended" || (payload.stage ?? "") in RECORD_STAGES;
      return { title: titles[payload.stage ?? ""] ?? "Your courier account changed", href: recordStage ? "/courier/record" : "/courier" };
    }
    case "password_reset":
      return { title: "Reset your Nosh password", href: "/reset-password" };
    case "password_changed":
      return { title: "Your password was changed", href: "/account" };
    case "passkey_added":
      return { title: `A passkey${payload.note ? ` named "${payload.note}"` : ""} was added to your account`, href: "/account" };
    case "problem_update":
      return { title: `${order}: ${payload.note ?? "your problem report was updated"}`, href: orderHref };
    case "owner_problem_reported":
      return { title: `${order}: a customer reported a problem`, href: boardHref };
    case "gift_card":
      return { title: "You received a Nosh gift card", href: "/wallet" };
    case "membership_update":
      return {
        title:
          payload.stage === "retired"
            ? "Your Nosh membership ended: its plan is no longer offered"
            : payload.stage === "ended"
              ? "Your Nosh membership ended: its renewal could not be charged"
              : "Your Nosh membership's renewal could not be charged: update your card",
        href: "/membership",
      };
    case "operator_reconciliation":
      // lib/server/payouts/reconcile.ts: a provider record and the ledger disagree.
      return { title: `Reconciliation: ${payload.note ?? "the payment provider and the ledger differ"}`, href: "/admin/reconciliation" };
    default:
      return { title: "Notification", href: "/" };
  }
}

/** GET /api/account/notifications: every kind shown, with its choice per channel. */
export type NotificationPreferencesJson = {
  channels: PreferenceChannel[];
  kinds: { kind: NotificationKind; label: string; channels: Record<PreferenceChannel, boolean> }[];
};
