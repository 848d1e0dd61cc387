import "server-only";
import { INVITATION_DAYS } from "@/lib/shared/team";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { formatTime } from "@/lib/shared/format-date";
import { centsToDollars } from "@/lib/shared/money";
import { isNotificationKind, type DailySummary, type NotificationPayload } from "@/lib/shared/notifications";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { readOrderWithDelivery } from "../orders/read";
import { orderToJson, type OrderJson } from "../orders/to-json";
import { digestedOrders } from "../notifications/digest";
import { unsubscribeUrl } from "../notifications/unsubscribe";
import { SkipNotification, type OutboxRow } from "../notifications/worker";
import { unseal } from "../platform/sealed";
import { describeIn, languageOfMessage } from "../notifications/words";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";

// What a mail says (docs/architecture/notifications.md "Email"), without its HTML: the words, the
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

const money = (value: number) => `$${value.toFixed(2)}`;

/** Where the links point (PUBLIC_ORIGIN, else this server's own origin: lib/edge/load-config.ts `linkOrigin`). */
export function origin(): string {
  return config().linkOrigin;
}

type MailT = ReturnType<typeof translatorFor<"mail">>;

/** The receipt's figures, as the API gives them (GET /api/orders/{id}), named in the mail's language. */
function receiptLines(order: OrderJson, discountCents: number, t: MailT): MailLine[] {
  const lines: MailLine[] = order.orderItems.map((line) => {
    const options = line.options.map((option) => option.name).join(", ");
    return { label: `${line.quantity} x ${line.name}${options ? ` (${options})` : ""}`, amount: money(line.price * line.quantity) };
  });
  lines.push({ label: t("lines.subtotal"), amount: money(order.subtotal) });
  if (order.deliveryFee) lines.push({ label: t("lines.deliveryFee"), amount: money(order.deliveryFee) });
  if (order.priorityFee) lines.push({ label: t("lines.priorityFee"), amount: money(order.priorityFee) });
  if (order.serviceFee) lines.push({ label: t("lines.serviceFee"), amount: money(order.serviceFee) });
  // Sales tax, apart from the service fee.
  if (order.tax) lines.push({ label: order.taxRate !== null ? t("lines.salesTaxRate", { rate: order.taxRate }) : t("lines.salesTax"), amount: money(order.tax) });
  if (order.tip) lines.push({ label: t("lines.tip"), amount: money(order.tip) });
  if (discountCents) lines.push({ label: t("lines.discount"), amount: `-${money(centsToDollars(discountCents))}` });
  lines.push({ label: t("lines.total"), amount: money(order.totalCost), strong: true });
  return lines;
}

/** The arrival window in the restaurant's time zone, through the app's one time formatter. */
function arrivalText(order: OrderJson, timeZone: string, t: MailT): string | null {
  if (!order.estimatedArrivalFrom || !order.estimatedArrivalTo) return null;
  const time = (iso: string) => formatTime(iso, timeZone);
  return t(order.deliveryOption === "pickup" ? "ready" : "arriving", { from: time(order.estimatedArrivalFrom), to: time(order.estimatedArrivalTo) });
}

/** The owner's daily summary (daily-summary.ts): the day's figures as lines. */
export function summaryLines(summary: DailySummary): MailLine[] {
  const lines: MailLine[] = [
    { label: "Orders placed", amount: String(summary.placed) },
    { label: "Orders accepted", amount: String(summary.sold) },
    { label: "Sales (items, before commission)", amount: money(summary.sales), strong: true },
    {
      label: "Average rating",
      amount: summary.ratings ? `${summary.averageRating!.toFixed(1)} of 5 (${summary.ratings} review${summary.ratings === 1 ? "" : "s"})` : "No reviews",
    },
  ];
  if (summary.rejected) lines.push({ label: "Rejected", amount: String(summary.rejected) });
  if (summary.canceled) lines.push({ label: "Canceled by the customer", amount: String(summary.canceled) });
  if (summary.expired) lines.push({ label: "Not confirmed in time", amount: String(summary.expired) });
  return lines;
}

/** The recipient of a mail, or a SkipNotification when they have no address (a guest, no email). */
export async function recipientOf(userId: number, toEmail?: string): Promise<{ email: string; firstName: string; language: string | null }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, guestAccount: true, language: true } });
  const email = toEmail ?? user?.email;
  if (!user || !email || user.guestAccount) throw new SkipNotification("No email address");
  return { email, firstName: user.firstName, language: user.language };
}

/** The kinds mailed to the payload's `toEmail` rather than the row's person (a team invitation: the invitee; the row is its owner's). */
export const mailedToPayloadAddress = (kind: string) => kind === "email_verification" || kind === "email_changed" || kind === "team_invitation";

/** The mail for an outbox row, or a SkipNotification when there is no one to send it to. */
export async function composeMail(row: OutboxRow): Promise<ComposedMail> {
  const payload = JSON.parse(row.payload) as NotificationPayload;
  const user = await recipientOf(row.userId, mailedToPayloadAddress(row.kind) ? payload.toEmail : undefined);
  // The person's language for the kinds the catalogue has (notifications/words.ts), else English.
  const lang = languageOfMessage(row.kind, user.language);
  const t = translatorFor(lang, "mail");
  // The email's security mails are worded here, not in the shared describeNotification (every page's bundle).
  const { title, href } =
    row.kind === "email_verification"
      ? { title: "Confirm your email address", href: "/account" }
      : row.kind === "email_changed"
        ? { title: "Your Nosh email address was changed", href: "/account" }
        : row.kind === "team_invitation"
          ? { title: `Join ${payload.restaurantName ?? "a restaurant"} on Nosh`, href: "/team/accept" }
          : describeIn(lang, row.kind, payload);
  const link = `${origin()}${href}`;
  if (!isNotificationKind(row.kind)) throw new SkipNotification(`Unknown kind ${row.kind}`);
  // A team invitation goes to someone who may have no account: the inviting owner's unsubscribe
  // link is not theirs to use, and an invitation is a one-off, so it carries none.
  const forRowsPerson = row.kind !== "team_invitation";
  const unsubscribe = forRowsPerson ? unsubscribeUrl(origin(), row.userId, row.kind) : null;
  // A team invitation's row is its owner's; the mail goes to the invitee, who may have no account yet.
  const greeting = row.kind === "team_invitation" ? "Hello," : t("hi", { name: user.firstName });
  const paragraphs: string[] = [`${title}.`];
  let action = { href: link, label: t("openInNosh") };
  if (row.kind === "account_welcome") {
    paragraphs.push("Your account is ready, with a wallet to order from the restaurants near you.");
    action = { href: link, label: "Find a restaurant" };
  }
  if (row.kind === "support_reply" && payload.note) {
    // The operator's reply itself (lib/server/support/tickets.ts): the mail is the answer.
    paragraphs.push(...payload.note.split(/\n{2,}/));
    action = { href: link, label: "See your messages" };
  }
  if (row.kind === "password_reset") {
    // The link's token, sealed in the row (accounts/password-reset.ts); blanked once a link was used.
    const token = payload.sealedToken ? unseal("password-reset-link", payload.sealedToken) : null;
    if (!token) throw new SkipNotification("The reset link was used or replaced");
    paragraphs.splice(0, paragraphs.length, "Someone, hopefully you, asked to reset the password of your Nosh account.");
    paragraphs.push(`The link works once, for ${config().passwordReset.ttlMinutes} minutes. If it was not you, ignore this mail: your password stays as it is.`);
    action = { href: `${origin()}/reset-password?token=${token}`, label: "Set a new password" };
  }
  if (row.kind === "email_verification") {
    // The link's token, sealed in the row (accounts/email-verification.ts); blanked once a link was used.
    const token = payload.sealedToken ? unseal("email-verification-link", payload.sealedToken) : null;
    if (!token) throw new SkipNotification("The verification link was used or replaced");
    paragraphs.splice(0, paragraphs.length, `Confirm that ${payload.toEmail ?? "this address"} is the email address of your Nosh account.`);
    paragraphs.push(`The link works once, for ${config().emailVerification.ttlHours} hours. If it was not you, ignore this mail.`);
    action = { href: `${origin()}/verify-email?token=${token}`, label: "Confirm your email" };
  }
  if (row.kind === "team_invitation") {
    // The link's token, sealed in the row (team/members.ts); blanked once the invitation is used or withdrawn.
    const token = payload.sealedToken ? unseal("team-invitation-link", payload.sealedToken) : null;
    if (!token) throw new SkipNotification("The invitation was used or withdrawn");
    paragraphs.splice(
      0,
      paragraphs.length,
      `${user.firstName} invites you to work at ${payload.restaurantName ?? "their restaurant"} on Nosh as ${payload.note ?? "a team member"}.`,
    );
    paragraphs.push(`The link works once, for ${INVITATION_DAYS} days. Sign in, or sign up with this address and confirm it, to accept.`);
    action = { href: `${origin()}/team/accept?token=${token}`, label: "Accept the invitation" };
  }
  if (row.kind === "email_changed") {
    paragraphs.splice(0, paragraphs.length, `The email address of your Nosh account was changed to ${payload.newEmail ?? "a new address"}.`);
    paragraphs.push("If it was not you, reset your password from the sign-in page, and tell us.");
    action = { href: `${origin()}/forgot-password`, label: "Reset your password" };
  }
  if (row.kind === "passkey_added") {
    paragraphs.splice(
      0,
      paragraphs.length,
      `A passkey${payload.note ? ` named "${payload.note}"` : ""} was added to your Nosh account: it signs in without your password.`,
    );
    paragraphs.push("If it was not you, reset your password from the sign-in page: the reset offers to remove every passkey. Then tell us.");
    action = { href: `${origin()}/forgot-password`, label: "Reset your password" };
  }
  if (row.kind === "password_changed") {
    paragraphs.splice(0, paragraphs.length, "The password of your Nosh account was just changed, and every device signed in to it was signed out.");
    paragraphs.push("If it was not you, reset your password now from the sign-in page, and tell us.");
    action = { href: `${origin()}/forgot-password`, label: "Reset your password" };
  }
  let table: MailLine[] = [];
  if (payload.orderId && row.kind.startsWith("order_")) {
    // With its delivery job: the window the mail states is the page's (lib/shared/arrival.ts counts the courier's facts).
    const stored = await readOrderWithDelivery(payload.orderId);
    if (stored) {
      const order = orderToJson(stored);
      paragraphs.push(t("restaurant", { name: order.restaurant.name }));
      const arrival = arrivalText(order, stored.restaurant?.timeZone ?? MARKET_TIME_ZONE, t);
      if (row.kind === "order_receipt" || row.kind === "order_accepted") if (arrival) paragraphs.push(arrival);
      if (order.rejectionReason && (row.kind === "order_rejected" || row.kind === "order_canceled")) paragraphs.push(order.rejectionReason);
      // Every ended order's payment went back where it came from (lib/server/ledger/orders.ts), and the mail says where.
      if (["order_rejected", "order_canceled", "order_expired"].includes(row.kind) && order.paymentMethod) {
        paragraphs.push(t(order.paymentMethod === "wallet" ? "toWallet" : "toCard", { amount: money(order.totalCost) }));
      }
      if (row.kind === "order_receipt") table = receiptLines(order, stored.discountCents, t);
      if (row.kind === "order_delivered" && order.dropoffPhotoUrl) paragraphs.push(t("doorPhoto"));
      action = { href: link, label: t("seeOrder") };
    }
  }
  let digestTitle: string | null = null;
  if (row.kind === "owner_new_order") {
    action = { href: link, label: "Open the order board" };
    // A digest (digest.ts): this order and the ones that waited for it, one line each.
    const others = await digestedOrders(row);
    if (others.length) {
      const ids = [...(payload.orderId ? [payload.orderId] : []), ...others];
      const orders = await db.order.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, select: { id: true, restaurantName: true, totalCents: true } });
      digestTitle = `${ids.length} new orders`;
      paragraphs.splice(0, paragraphs.length, `${ids.length} new orders are waiting for you to accept them.`);
      table = orders.map((order) => ({ label: `Order #${order.id}, ${order.restaurantName}`, amount: money(centsToDollars(order.totalCents)) }));
    }
  }
  if (row.kind === "payout_made" && payload.amount !== undefined)
    paragraphs.push(
      payload.stage === "failed"
        ? `${money(payload.amount)} is back in your balance. Check your payout details.`
        : `${money(payload.amount)} was paid to your bank account.`,
    );
  if (row.kind === "owner_account_update" || row.kind === "courier_account_update") {
    // An operator's change to the account: their reason, as the audit log keeps it.
    if (payload.note && payload.stage !== "document") paragraphs.push(`Nosh's reason: ${payload.note}`);
    action = { href: link, label: row.kind === "courier_account_update" ? "Open the courier app" : "See your restaurants" };
  }
  if (row.kind === "owner_daily_summary" && payload.summary) {
    table = summaryLines(payload.summary);
    action = { href: link, label: "See your insights" };
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
