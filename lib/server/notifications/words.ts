import "server-only";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locale";
import { translatorFor, wordsFor } from "@/lib/i18n/translate";
import { formatDate, formatTime } from "@/lib/shared/time/format-date";
import { db } from "../platform/db";
import { notificationHref, type NotificationKind } from "@/lib/shared/people/notifications";
import type { DocumentNotice, NotificationPayload } from "@/lib/shared/people/notification-shapes";

// A notification in its person's own language (docs/architecture/languages.md "Mail and push"):
// the mail's subject line and the push's title and body, from the catalogue (a customer's order
// kinds in `notifications`, every other kind in `server.notify`), and the bell's, English's too
// (read.ts), and the data export's (English); where each leads: lib/shared/people/notifications.ts.

const ORDER_KINDS = new Set<string>([
  "order_receipt",
  "order_accepted",
  "order_rejected",
  "order_ready",
  "order_out_for_delivery",
  "order_courier_update",
  "order_delivered",
  "order_canceled",
  "order_expired",
]);

type OrderKind = Extract<
  NotificationKind,
  | "order_receipt"
  | "order_accepted"
  | "order_rejected"
  | "order_ready"
  | "order_out_for_delivery"
  | "order_courier_update"
  | "order_delivered"
  | "order_canceled"
  | "order_expired"
>;

const orderWords = (locale: Locale) => translatorFor(locale, "notifications");
const titleWords = (locale: Locale) => translatorFor(locale, "server.notify.title");

/** The language a row's mail and push are written in: the person's (User.language), else English. */
export const languageOfMessage = (_kind: string, language: string | null | undefined): Locale => (isLocale(language) ? language : DEFAULT_LOCALE);

/** A customer's order kinds, worded by the `notifications` namespace. */
function orderTitle(locale: Locale, kind: string, payload: NotificationPayload): string {
  const t = orderWords(locale);
  // The id as text: a number would be grouped ("Order #1,234").
  const order = payload.orderId ? t("order", { id: String(payload.orderId) }) : t("yourOrder");
  const name = payload.courierName ?? t("yourCourier");
  return kind === "order_out_for_delivery" && payload.courierName
    ? t("title.pickedUp", { name })
    : kind === "order_courier_update"
      ? t(payload.stage === "courier_arriving" ? "title.arriving" : "title.heading", { name })
      : kind === "order_delivered" && payload.dropoffPhoto
        ? t("title.leftAtDoor", { order })
        : t(`title.${kind as Exclude<OrderKind, "order_courier_update">}`, { order });
}

const COURIER_STAGES = new Set(["approved", "refused", "suspended", "restored", "warned", "appeal_upheld", "appeal_overturned"]);
type CourierStage = "approved" | "refused" | "suspended" | "restored" | "warned" | "appeal_upheld" | "appeal_overturned";

/** Every other kind, worded by `server.notify.title`. */
function otherTitle(locale: Locale, kind: string, payload: NotificationPayload): string {
  const t = titleWords(locale);
  const n = orderWords(locale);
  const order = payload.orderId ? n("order", { id: String(payload.orderId) }) : n("yourOrder");
  const id = String(payload.orderId ?? "");
  const note = payload.note;
  switch (kind) {
    case "account_welcome":
    case "courier_offer":
    case "password_reset":
    case "password_changed":
    case "owner_problem_reported":
    case "email_verification":
    case "email_changed":
      return t(kind, { order });
    case "order_running_late": {
      if (!payload.dueBy) return t("runningLate", { order });
      const time = formatTime(payload.dueBy, payload.timeZone, locale);
      return t(payload.pickup ? "runningLateReady" : "runningLateArrive", { order, time });
    }
    case "order_changed": {
      const dish = note ?? t("aDish");
      return t(payload.stage === "replaced" ? "changedReplaced" : payload.stage === "asked" ? "changedAsked" : "changedRemoved", { order, dish });
    }
    case "owner_new_order":
      return t("owner_new_order", { id }).trim();
    case "owner_order_canceled":
      return t(payload.stage === "expired" ? "ownerExpired" : "ownerCanceled", { id });
    case "owner_webhook_disabled":
      return payload.url ? t("webhookDisabledUrl", { url: payload.url }) : t("webhookDisabled");
    case "owner_review_received":
      return payload.rating ? t("reviewStars", { rating: String(payload.rating) }) : t("review");
    case "support_reply":
      return payload.orderId ? t("supportOrder", { id }) : t("support");
    case "review_replied":
      return t("review_replied", { name: payload.restaurantName ?? t("theRestaurant") });
    case "owner_daily_summary": {
      const summary = payload.summary;
      if (!summary) return t("dailySummary");
      // The restaurant's local day: noon UTC of that date, read in UTC.
      const day = formatDate(`${summary.date}T12:00:00Z`, "UTC", locale);
      return t("dailySummaryDay", { name: summary.restaurantName, day, count: summary.placed, n: String(summary.placed) });
    }
    case "payout_made":
      return payload.stage === "failed" ? t("payoutFailed", { note: note ?? "" }) : note ? t("payoutMadeNote", { note }) : t("payoutMade");
    case "owner_account_update": {
      const name = payload.restaurantName ?? t("yourRestaurant");
      if (payload.stage === "commission") return t("commission", { name, percent: payload.percent === undefined ? t("theDefault") : String(payload.percent) });
      return t(payload.stage === "suspended" ? "restaurantSuspended" : "restaurantRestored", { name });
    }
    case "courier_account_update":
      // A document's review, its expiry warning and expiry (lib/server/onboarding/): its notice, else (a row written before notices) the note as written.
      if (payload.stage === "document") return payload.document ? documentNoticeIn(locale, payload.document) : (note ?? t("courier.documents"));
      return COURIER_STAGES.has(payload.stage ?? "") ? t(`courier.${payload.stage as CourierStage}`) : t("courier.changed");
    case "passkey_added":
      return note ? t("passkeyNamed", { name: note }) : t("passkey");
    case "problem_update":
      return note ? t("problemNote", { order, note }) : t("problem", { order });
    case "operator_reconciliation":
      return note ? t("reconciliationNote", { note }) : t("reconciliation");
    case "team_invitation":
      return t("team_invitation", { name: payload.restaurantName ?? t("aRestaurant") });
    case "gift_card":
      return t("gift_card");
    case "membership_update":
      return t(payload.stage === "retired" ? "membershipRetired" : payload.stage === "ended" ? "membershipEnded" : "membershipFailed");
    default:
      return t("other");
  }
}

/** A courier document's notice in `locale`: "Your insurance was approved" (the English one is also stored as the payload's `note`). */
export function documentNoticeIn(locale: Locale, notice: DocumentNotice): string {
  const kind = wordsFor(locale, "courier").documents.kinds[notice.kind].toLowerCase();
  return titleWords(locale)(`document.${notice.event}`, { kind, reason: notice.reason ?? "", date: notice.expiresOn ?? "" });
}

/** The one line a person reads (the mail's subject, the push's body) and where it leads, in `locale`. */
export function describeIn(locale: Locale, kind: string, payload: NotificationPayload): { title: string; href: string } {
  return { title: ORDER_KINDS.has(kind) ? orderTitle(locale, kind, payload) : otherTitle(locale, kind, payload), href: notificationHref(kind, payload) };
}

// Mail only (a security mail's subject, an invitation's): the bell never shows them, and a row of theirs reads "Notification" in the export.
const MAIL_ONLY = new Set(["email_verification", "email_changed", "team_invitation"]);

/** A notification row as the bell and the data export word it, in `locale`: as describeIn, a mail-only kind by the catalogue's `other`. */
export function describeRowIn(locale: Locale, kind: string, payload: NotificationPayload): { title: string; href: string } {
  return MAIL_ONLY.has(kind) ? { title: titleWords(locale)("other"), href: notificationHref(kind, payload) } : describeIn(locale, kind, payload);
}

type OtherHeadline = Exclude<NotificationKind, OrderKind>;

/** The push's title, in `locale`: a kind's headline, "Nosh" for a kind the catalogue does not know. */
export function headlineIn(locale: Locale, kind: string): string {
  if (ORDER_KINDS.has(kind)) return orderWords(locale)(`headline.${kind as OrderKind}`);
  const t = translatorFor(locale, "server.notify.headline");
  return t.has(kind as OtherHeadline) ? t(kind as OtherHeadline) : "Nosh";
}

/** The person's language as the account keeps it (User.language), null when not chosen. */
export async function languageOf(userId: number): Promise<string | null> {
  return (await db.user.findUnique({ where: { id: userId }, select: { language: true } }))?.language ?? null;
}
