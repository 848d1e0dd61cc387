import "server-only";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { db } from "../platform/db";
import { describeNotification, type NotificationKind, type NotificationPayload } from "@/lib/shared/notifications";

// A customer's order notification in their own language (docs/architecture/languages.md "Mail
// and push"): the mail's subject line and the push's title and body, from the catalogue
// (`notifications`). English's entries are the words lib/shared/notifications.ts gives the bell.
// The other kinds are still English: their mail and push are written in English whatever the
// person's language, so no message mixes two.

const TOLD_IN_THEIR_LANGUAGE = new Set<string>([
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

/** The language a row's mail and push are written in: the person's, for the kinds the catalogue has, else English. */
export const languageOfMessage = (kind: string, language: string | null | undefined): Locale =>
  TOLD_IN_THEIR_LANGUAGE.has(kind) && isLocale(language) ? language : DEFAULT_LOCALE;

/** The one line a person reads (the mail's subject, the push's body) and where it leads, in `locale`. */
export function describeIn(locale: Locale, kind: string, payload: NotificationPayload): { title: string; href: string } {
  const described = describeNotification(kind, payload);
  if (!TOLD_IN_THEIR_LANGUAGE.has(kind)) return described;
  const t = translatorFor(locale, "notifications");
  // The id as text: a number would be grouped ("Order #1,234").
  const order = payload.orderId ? t("order", { id: String(payload.orderId) }) : t("yourOrder");
  const name = payload.courierName ?? t("yourCourier");
  const title =
    kind === "order_out_for_delivery" && payload.courierName
      ? t("title.pickedUp", { name })
      : kind === "order_courier_update"
        ? t(payload.stage === "courier_arriving" ? "title.arriving" : "title.heading", { name })
        : kind === "order_delivered" && payload.dropoffPhoto
          ? t("title.leftAtDoor", { order })
          : t(`title.${kind as Exclude<OrderKind, "order_courier_update">}`, { order });
  return { title, href: described.href };
}

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

/** The push's title for a kind the catalogue has, in `locale`; null for the others. */
export function headlineIn(locale: Locale, kind: string): string | null {
  return TOLD_IN_THEIR_LANGUAGE.has(kind) ? translatorFor(locale, "notifications")(`headline.${kind as OrderKind}`) : null;
}

/** The person's language as the account keeps it (User.language), null when not chosen. */
export async function languageOf(userId: number): Promise<string | null> {
  return (await db.user.findUnique({ where: { id: userId }, select: { language: true } }))?.language ?? null;
}
