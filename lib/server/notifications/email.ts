import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { centsToDollars } from "@/lib/shared/money";
import { describeNotification, isNotificationKind, type NotificationPayload } from "@/lib/shared/notifications";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { orderInclude } from "../orders/include";
import { orderToJson, type OrderJson } from "../orders/to-json";
import { unsubscribeUrl } from "./unsubscribe";
import { SkipNotification, type OutboxRow, type Sender } from "./worker";

// Email (docs/architecture/notifications.md "Email"): the worker's sender for `email` rows.
// With SMTP_URL, nodemailer sends over SMTP; without it, outside production, the mail counts as
// sent and the development mailbox (/dev/mailbox) renders it from its row again; in production
// without SMTP_URL it is skipped (start-up warns). The message is built when it is sent, from the
// order as it stands: a placed order's lines and totals never change, so the receipt's figures
// are the API's.

export type Mail = { to: string; subject: string; text: string; html: string; messageId: string; unsubscribeUrl: string };

const money = (value: number) => `$${value.toFixed(2)}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function origin(): string {
  return config().publicOrigin ?? "http://localhost:3000";
}

/** The receipt's figures, as the API gives them (GET /api/orders/{id}). */
function receiptLines(order: OrderJson, discountCents: number): { label: string; amount: string }[] {
  const lines = order.orderItems.map((line) => {
    const options = line.options.map((option) => option.name).join(", ");
    return { label: `${line.quantity} x ${line.name}${options ? ` (${options})` : ""}`, amount: money(line.price * line.quantity) };
  });
  lines.push({ label: "Subtotal", amount: money(order.subtotal) });
  if (order.deliveryFee) lines.push({ label: "Delivery fee", amount: money(order.deliveryFee) });
  if (order.priorityFee) lines.push({ label: "Priority fee", amount: money(order.priorityFee) });
  if (order.serviceFee) lines.push({ label: "Service fee", amount: money(order.serviceFee) });
  if (order.tip) lines.push({ label: "Tip", amount: money(order.tip) });
  if (discountCents) lines.push({ label: "Discount", amount: `-${money(centsToDollars(discountCents))}` });
  lines.push({ label: "Total", amount: money(order.totalCost) });
  return lines;
}

function arrivalText(order: OrderJson): string | null {
  if (!order.estimatedArrivalFrom || !order.estimatedArrivalTo) return null;
  const time = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
  return `${order.deliveryOption === "pickup" ? "Ready" : "Arriving"} between ${time(order.estimatedArrivalFrom)} and ${time(order.estimatedArrivalTo)}`;
}

/** The mail for an outbox row, or a SkipNotification when there is no one to send it to. */
export async function renderMail(row: OutboxRow): Promise<Mail> {
  const user = await db.user.findUnique({ where: { id: row.userId }, select: { email: true, firstName: true, guestAccount: true } });
  if (!user?.email || user.guestAccount) throw new SkipNotification("No email address");
  const payload = JSON.parse(row.payload) as NotificationPayload;
  const { title, href } = describeNotification(row.kind, payload);
  const link = `${origin()}${href}`;
  if (!isNotificationKind(row.kind)) throw new SkipNotification(`Unknown kind ${row.kind}`);
  const unsubscribe = unsubscribeUrl(origin(), row.userId, row.kind);
  const paragraphs: string[] = [`Hi ${user.firstName},`, `${title}.`];
  if (row.kind === "account_welcome") {
    paragraphs.push("Your account is ready, with a wallet to order from the restaurants near you.");
  }
  let table: { label: string; amount: string }[] = [];
  if (payload.orderId && row.kind.startsWith("order_")) {
    const stored = await db.order.findUnique({ where: { id: payload.orderId }, include: orderInclude });
    if (stored) {
      const order = orderToJson(stored);
      paragraphs.push(`Restaurant: ${order.restaurant.name}`);
      const arrival = arrivalText(order);
      if (row.kind === "order_receipt" || row.kind === "order_accepted") if (arrival) paragraphs.push(arrival);
      if (order.rejectionReason && (row.kind === "order_rejected" || row.kind === "order_canceled")) paragraphs.push(order.rejectionReason);
      if (["order_rejected", "order_canceled", "order_expired"].includes(row.kind) && order.paymentMethod === "wallet") {
        paragraphs.push(`${money(order.totalCost)} went back to your Nosh wallet.`);
      }
      if (row.kind === "order_receipt") table = receiptLines(order, stored.discountCents);
    }
  }
  const subject = row.kind === "order_receipt" && payload.orderId ? `Your Nosh receipt for order #${payload.orderId}` : title;
  const text = [
    ...paragraphs,
    ...table.map((line) => `${line.label}: ${line.amount}`),
    "",
    `Open it: ${link}`,
    "",
    `Change what Nosh sends you: ${origin()}/account/notifications`,
    `Unsubscribe from these emails: ${unsubscribe}`,
  ].join("\n");
  const rows = table
    .map((line) => `<tr><td style="padding:4px 0">${escapeHtml(line.label)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(line.amount)}</td></tr>`)
    .join("");
  const html = `<!doctype html><html><body style="margin:0;padding:16px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto">
${paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${rows ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${rows}</table>` : ""}
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#d8361f;color:#fff;border-radius:999px;text-decoration:none">Open in Nosh</a></p>
<p style="margin:0;font-size:13px;color:#666"><a href="${escapeHtml(origin())}/account/notifications" style="color:#666">Change what Nosh sends you</a> &middot; <a href="${escapeHtml(unsubscribe)}" style="color:#666">Unsubscribe from these emails</a></p>
</div></body></html>`;
  return { to: user.email, subject, text, html, messageId: `<notification-${row.id}@nosh>`, unsubscribeUrl: unsubscribe };
}

let transport: Transporter | null = null;
let transportUrl: string | null = null;

function smtp(url: string): Transporter {
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
    transportUrl = url;
  }
  return transport;
}

type MailSettings = { smtpUrl: string | null; mailFrom: string; devMailbox: boolean };

/** Sends `row` as mail: over SMTP_URL, or kept for the development mailbox, or skipped (production without SMTP_URL). */
export const sendEmail: Sender = (row) => sendEmailWith(config().notifications, row);

/** sendEmail with the settings given (the tests' own SMTP server). */
export async function sendEmailWith({ smtpUrl, mailFrom, devMailbox }: MailSettings, row: OutboxRow): Promise<void> {
  const mail = await renderMail(row);
  if (!smtpUrl) {
    if (devMailbox) return;
    throw new SkipNotification("SMTP_URL is not set");
  }
  await smtp(smtpUrl).sendMail({
    from: mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    // RFC 8058 one-click unsubscribe: the provider POSTs the link (unsubscribe.ts).
    headers: { "List-Unsubscribe": `<${mail.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
