import "server-only";
import { INVITATION_DAYS } from "@/lib/shared/people/team";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { formatTime } from "@/lib/shared/time/format-date";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { majorIn } from "@/lib/shared/money/currency";
import { decimalText } from "@/lib/shared/money/tax";
import { isNotificationKind } from "@/lib/shared/people/notifications";
import type { DailySummary, NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { mailRecipientRow } from "./queries";
import { readOrderWithDelivery } from "../orders/read";
import { orderToJson, type OrderJson } from "../orders/to-json";
import { digestedOrders } from "../notifications/digest";
import { unsubscribeUrl } from "../notifications/unsubscribe";
import { SkipNotification, type OutboxRow } from "../notifications/worker";
import { unseal } from "../platform/sealed";
import { giftCardMail } from "./gift-card-mail";
import { describeIn, languageOfMessage } from "../notifications/words";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { orderReasonText, type ReasonKey, type ReasonWords } from "@/lib/shared/words/stored-texts";

// What a mail says (docs/architecture/notification-mail.md "Email"), without its HTML: the words, the
// receipt's lines, the link, built from the outbox row and the order as it stands (a placed
// order's lines and totals never change, so the receipt's figures are the API's). The text part
// is made here; the HTML part from the same content by mail-html.tsx (React Email), which only
// the sender imports: the development mailbox (a server component page) shows the text part and
// never loads react-dom/server.

/** One line of a mail's table: a receipt line, a summary's figure. */
export type MailLine = { label: string; amount: string; strong?: boolean };

export type MailContent = {
  /** The subject, also the HTML's hidden preview line and heading. */
  title: string;
  greeting: string;
  paragraphs: string[];
  table: MailLine[];
  action: { href: string; label: string };
  /** The mail's language (`<html lang>`) and its fixed words, from the catalogue. */
  lang: Locale;
  words: { brand: string; preferences: string; unsubscribe: string };
  preferencesUrl: string;
  /** Null for a mail to someone the row's person invited (a team invitation): no footer. */
  unsubscribeUrl: string | null;
};

export type ComposedMail = { to: string; subject: string; text: string; content: MailContent; messageId: string; unsubscribeUrl: string | null };

type Money = (dollars: number) => string;
/** Amounts in the mail's language: English as ever ("$1234.50"), another as Intl writes it in the order's currency ("1234,50 US$"). */
const moneyIn =
  (lang: Locale, currency = "USD"): Money =>
  (value) =>
    lang === "en" && currency === "USD" ? `$${value.toFixed(2)}` : formatCents(centsOfAmount(value, currency), { locale: lang, currency });

/** Where the links point (PUBLIC_ORIGIN, else this server's own origin: lib/edge/load-config.ts `linkOrigin`). */
export function origin(): string {
  return config().linkOrigin;
}

type MailT = ReturnType<typeof translatorFor<"mail">>;

/** The receipt's figures, as the API gives them (GET /api/orders/{id}), named in the mail's language. */
function receiptLines(order: OrderJson, discountCents: number, t: MailT, money: Money, locale: Locale): MailLine[] {
  const lines: MailLine[] = order.orderItems.map((line) => {
    const options = line.options.map((option) => option.name).join(", ");
    return { label: `${line.quantity} x ${line.name}${options ? ` (${options})` : ""}`, amount: money(line.price * line.quantity) };
  });
  lines.push({ label: t("lines.subtotal"), amount: money(order.subtotal) });
  if (order.deliveryFee) lines.push({ label: t("lines.deliveryFee"), amount: money(order.deliveryFee) });
  if (order.priorityFee) lines.push({ label: t("lines.priorityFee"), amount: money(order.priorityFee) });
  if (order.serviceFee) lines.push({ label: t("lines.serviceFee"), amount: money(order.serviceFee) });
  // Sales tax, apart from the service fee.
  if (order.tax)
    lines.push({ label: order.taxRate !== null ? t("lines.salesTaxRate", { rate: decimalText(order.taxRate, locale) }) : t("lines.salesTax"), amount: money(order.tax) });
  if (order.tip) lines.push({ label: t("lines.tip"), amount: money(order.tip) });
  if (discountCents) lines.push({ label: t("lines.discount"), amount: `-${money(majorIn(order.currency)(discountCents))}` });
  lines.push({ label: t("lines.total"), amount: money(order.totalCost), strong: true });
  return lines;
}

/** The arrival window in the restaurant's time zone, through the app's one time formatter. */
function arrivalText(order: OrderJson, timeZone: string, t: MailT, lang: Locale): string | null {
  if (!order.estimatedArrivalFrom || !order.estimatedArrivalTo) return null;
  const time = (iso: string) => formatTime(iso, timeZone, lang);
  return t(order.deliveryOption === "pickup" ? "ready" : "arriving", { from: time(order.estimatedArrivalFrom), to: time(order.estimatedArrivalTo) });
}

/** The owner's daily summary (daily-summary.ts): the day's figures as lines. */
export function summaryLines(summary: DailySummary, lang: Locale = "en"): MailLine[] {
  const t = translatorFor(lang, "server.mail.summary");
  const money = moneyIn(lang, summary.currency);
  const rating = (value: number) => (lang === "en" ? value.toFixed(1) : value.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  const lines: MailLine[] = [
    { label: t("placed"), amount: String(summary.placed) },
    { label: t("accepted"), amount: String(summary.sold) },
    { label: t("sales"), amount: money(summary.sales), strong: true },
    {
      label: t("rating"),
      amount: summary.ratings ? t("ratingValue", { rating: rating(summary.averageRating!), count: summary.ratings, n: String(summary.ratings) }) : t("noReviews"),
    },
  ];
  if (summary.rejected) lines.push({ label: t("rejected"), amount: String(summary.rejected) });
  if (summary.canceled) lines.push({ label: t("canceled"), amount: String(summary.canceled) });
  if (summary.expired) lines.push({ label: t("expired"), amount: String(summary.expired) });
  return lines;
}

/** The recipient of a mail, or a SkipNotification when they have no address (a guest, no email). */
export async function recipientOf(userId: number, toEmail?: string): Promise<{ email: string; firstName: string; language: string | null }> {
  const user = await mailRecipientRow(userId);
  const email = toEmail ?? user?.email;
  if (!user || !email || user.guestAccount) throw new SkipNotification("No email address");
  return { email, firstName: user.firstName, language: user.language };
}

/** The kinds mailed to the payload's `toEmail` rather than the row's person (a team invitation: the invitee; the row is its owner's). */
export const mailedToPayloadAddress = (kind: string) => ["email_verification", "email_changed", "team_invitation", "gift_card"].includes(kind);

/** An invitee's language, when the address already has an account that chose one. */
async function inviteeLanguage(email: string | undefined): Promise<string | null> {
  if (!email) return null;
  return (await db.user.findFirst({ where: { email }, select: { language: true } }))?.language ?? null;
}

/** The mail for an outbox row, or a SkipNotification when there is no one to send it to. */
export async function composeMail(row: OutboxRow): Promise<ComposedMail> {
  const payload = JSON.parse(row.payload) as NotificationPayload;
  const user = await recipientOf(row.userId, mailedToPayloadAddress(row.kind) ? payload.toEmail : undefined);
  // A team invitation and a gift card go to an address that may have no account: no unsubscribe, no name.
  const forRowsPerson = row.kind !== "team_invitation" && row.kind !== "gift_card";
  // The recipient's language (User.language; an invitation or a gift card: the address's account's, else its sender's), else English.
  const lang = languageOfMessage(row.kind, !forRowsPerson ? ((await inviteeLanguage(payload.toEmail)) ?? user.language) : user.language);
  const t = translatorFor(lang, "mail");
  const w = translatorFor(lang, "server.mail");
  // The email's security mails link to the account, an invitation to its page (the bell never shows them: notificationHref has no link for them).
  const described = describeIn(lang, row.kind, payload);
  const { title } = described;
  const href = row.kind === "email_verification" || row.kind === "email_changed" ? "/account" : row.kind === "team_invitation" ? "/team/accept" : described.href;
  const link = `${origin()}${href}`;
  if (!isNotificationKind(row.kind)) throw new SkipNotification(`Unknown kind ${row.kind}`);
  const unsubscribe = forRowsPerson ? unsubscribeUrl(origin(), row.userId, row.kind) : null;
  // A team invitation's row is its owner's; the mail goes to the invitee, who may have no account yet.
  const greeting = forRowsPerson ? t("hi", { name: user.firstName }) : w("hello");
  const paragraphs: string[] = [`${title}.`];
  let action = { href: link, label: t("openInNosh") };
  if (row.kind === "account_welcome") {
    paragraphs.push(w("welcome"));
    action = { href: link, label: w("findRestaurant") };
  }
  if (row.kind === "support_reply" && payload.note) {
    // The operator's reply itself (lib/server/support/tickets.ts): the mail is the answer.
    paragraphs.push(...payload.note.split(/\n{2,}/));
    action = { href: link, label: w("seeMessages") };
  }
  if (row.kind === "password_reset") {
    // The link's token, sealed in the row (accounts/password-reset.ts); blanked once a link was used.
    const token = payload.sealedToken ? unseal("password-reset-link", payload.sealedToken) : null;
    if (!token) throw new SkipNotification("The reset link was used or replaced");
    paragraphs.splice(0, paragraphs.length, w("resetAsked"));
    paragraphs.push(w("resetLink", { minutes: String(config().passwordReset.ttlMinutes) }));
    action = { href: `${origin()}/reset-password?token=${token}`, label: w("setPassword") };
  }
  if (row.kind === "email_verification") {
    // The link's token, sealed in the row (accounts/email-verification.ts); blanked once a link was used.
    const token = payload.sealedToken ? unseal("email-verification-link", payload.sealedToken) : null;
    if (!token) throw new SkipNotification("The verification link was used or replaced");
    paragraphs.splice(0, paragraphs.length, w("verifyAsk", { email: payload.toEmail ?? w("thisAddress") }));
    paragraphs.push(w("verifyLink", { hours: String(config().emailVerification.ttlHours) }));
    action = { href: `${origin()}/verify-email?token=${token}`, label: w("confirmEmail") };
  }
  if (row.kind === "team_invitation") {
    // The link's token, sealed in the row (team/members.ts); blanked once the invitation is used or withdrawn.
    const token = payload.sealedToken ? unseal("team-invitation-link", payload.sealedToken) : null;
    if (!token) throw new SkipNotification("The invitation was used or withdrawn");
    const invite = { name: user.firstName, restaurant: payload.restaurantName ?? w("theirRestaurant"), role: payload.note ?? w("aTeamMember") };
    paragraphs.splice(0, paragraphs.length, w("invite", invite));
    paragraphs.push(w("inviteLink", { days: String(INVITATION_DAYS) }));
    action = { href: `${origin()}/team/accept?token=${token}`, label: w("acceptInvitation") };
  }
  if (row.kind === "gift_card") {
    const gift = giftCardMail(payload, user.firstName, lang, origin());
    paragraphs.splice(0, paragraphs.length, ...gift.paragraphs);
    action = gift.action;
  }
  if (row.kind === "email_changed") {
    paragraphs.splice(0, paragraphs.length, w("emailChanged", { email: payload.newEmail ?? w("aNewAddress") }));
    paragraphs.push(w("emailChangedNotYou"));
    action = { href: `${origin()}/forgot-password`, label: w("resetPassword") };
  }
  if (row.kind === "passkey_added") {
    paragraphs.splice(0, paragraphs.length, payload.note ? w("passkeyNamed", { name: payload.note }) : w("passkey"));
    paragraphs.push(w("passkeyNotYou"));
    action = { href: `${origin()}/forgot-password`, label: w("resetPassword") };
  }
  if (row.kind === "password_changed") {
    paragraphs.splice(0, paragraphs.length, w("passwordChanged"));
    paragraphs.push(w("passwordChangedNotYou"));
    action = { href: `${origin()}/forgot-password`, label: w("resetPassword") };
  }
  let table: MailLine[] = [];
  if (payload.orderId && row.kind.startsWith("order_")) {
    // With its delivery job: the window the mail states is the page's (lib/shared/delivery/arrival.ts counts the courier's facts).
    const stored = await readOrderWithDelivery(payload.orderId);
    if (stored) {
      const order = orderToJson(stored);
      const orderMoney = moneyIn(lang, order.currency);
      paragraphs.push(t("restaurant", { name: order.restaurant.name }));
      const arrival = arrivalText(order, stored.restaurant?.timeZone ?? MARKET_TIME_ZONE, t, lang);
      if (row.kind === "order_receipt" || row.kind === "order_accepted") if (arrival) paragraphs.push(arrival);
      if (order.rejectionReason && (row.kind === "order_rejected" || row.kind === "order_canceled")) paragraphs.push(orderReasonText(order, reasonWordsIn(lang))!);
      // Every ended order's payment went back where it came from (lib/server/ledger/orders.ts), and the mail says where.
      if (["order_rejected", "order_canceled", "order_expired"].includes(row.kind) && order.paymentMethod) {
        paragraphs.push(t(order.paymentMethod === "wallet" ? "toWallet" : "toCard", { amount: orderMoney(order.totalCost) }));
      }
      if (row.kind === "order_receipt") table = receiptLines(order, stored.discountCents, t, orderMoney, lang);
      if (row.kind === "order_delivered" && order.dropoffPhotoUrl) paragraphs.push(t("doorPhoto"));
      action = { href: link, label: t("seeOrder") };
    }
  }
  let digestTitle: string | null = null;
  if (row.kind === "owner_new_order") {
    action = { href: link, label: w("openBoard") };
    // A digest (digest.ts): this order and the ones that waited for it, one line each.
    const others = await digestedOrders(row);
    if (others.length) {
      const ids = [...(payload.orderId ? [payload.orderId] : []), ...others];
      const orders = await db.order.findMany({
        where: { id: { in: ids } },
        orderBy: { id: "asc" },
        select: { id: true, restaurantName: true, totalCents: true, currency: true },
      });
      digestTitle = w("digestTitle", { count: String(ids.length) });
      paragraphs.splice(0, paragraphs.length, w("digest", { count: String(ids.length) }));
      table = orders.map((order) => ({
        label: w("digestLine", { id: String(order.id), restaurant: order.restaurantName }),
        amount: moneyIn(lang, order.currency)(majorIn(order.currency)(order.totalCents)),
      }));
    }
  }
  if (row.kind === "payout_made" && payload.amount !== undefined)
    paragraphs.push(w(payload.stage === "failed" ? "payoutBack" : "payoutPaid", { amount: moneyIn(lang, payload.currency)(payload.amount) }));
  if (row.kind === "owner_account_update" || row.kind === "courier_account_update") {
    // An operator's change to the account: their reason, as the audit log keeps it.
    if (payload.note && payload.stage !== "document") paragraphs.push(w("reason", { note: payload.note }));
    action = { href: link, label: w(row.kind === "courier_account_update" ? "openCourierApp" : "seeRestaurants") };
  }
  if (row.kind === "owner_daily_summary" && payload.summary) {
    table = summaryLines(payload.summary, lang);
    action = { href: link, label: w("seeInsights") };
  }
  const subject = row.kind === "order_receipt" && payload.orderId ? t("receiptSubject", { id: String(payload.orderId) }) : (digestTitle ?? title);
  const preferencesUrl = `${origin()}/account/notifications`;
  const text = [
    greeting,
    ...paragraphs,
    ...table.map((line) => `${line.label}: ${line.amount}`),
    "",
    `${action.label === t("openInNosh") ? t("openIt") : action.label}: ${action.href}`,
    ...(unsubscribe ? ["", `${t("preferences")}: ${preferencesUrl}`, `${t("unsubscribe")}: ${unsubscribe}`] : []),
  ].join("\n");
  const words = { brand: t("brand"), preferences: t("preferences"), unsubscribe: t("unsubscribe") };
  const content: MailContent = { title: subject, greeting, paragraphs, table, action, lang, words, preferencesUrl, unsubscribeUrl: unsubscribe };
  // A verification goes to the address being confirmed; "email changed" to the address it replaced.
  return { to: user.email, subject, text, content, messageId: `<notification-${row.id}@nosh>`, unsubscribeUrl: unsubscribe };
}

/** The reasons' words in `lang` (server.storedTexts.choices, by key): an ended order's mail says why in its reader's words. */
function reasonWordsIn(lang: Locale): ReasonWords {
  const t = translatorFor(lang, "server.storedTexts.choices");
  return Object.fromEntries((Object.keys(ENGLISH.server.storedTexts.choices) as ReasonKey[]).map((key) => [key, t(key)])) as ReasonWords;
}
