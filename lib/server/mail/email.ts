import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../platform/config";
import { holdForDigest } from "../notifications/digest";
import { mailHtml } from "./mail-html";
import { composeMail, mailedToPayloadAddress, recipientOf, type ComposedMail } from "./message";
import { SkipNotification, type OutboxRow, type Sender } from "../notifications/worker";

// Email (docs/architecture/notification-mail.md "Email"): the worker's sender for `email` rows.
// With SMTP_URL, nodemailer sends over SMTP; without it, outside production, the mail counts as
// sent and the development mailbox (/dev/mailbox) renders it from its row again; in production
// without SMTP_URL it is skipped (start-up warns). The message is built when it is sent:
// message.ts the words and the text part, mail-html.tsx the HTML part (React Email).

export type Mail = ComposedMail & { html: string };

/** The mail for an outbox row (its text and HTML parts), or a SkipNotification when there is no one to send it to. */
export async function renderMail(row: OutboxRow): Promise<Mail> {
  const mail = await composeMail(row);
  return { ...mail, html: await mailHtml(mail.content) };
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
export const sendEmail: Sender = (row, now) => sendEmailWith(config().notifications, row, now);

/** sendEmail with the settings given (the tests' own SMTP server). */
export async function sendEmailWith({ smtpUrl, mailFrom, devMailbox }: MailSettings, row: OutboxRow, now = new Date()): Promise<void> {
  // Nothing to send with: skipped at once (production).
  if (!smtpUrl && !devMailbox) throw new SkipNotification("SMTP_URL is not set");
  // An owner's new orders in a burst: one digest rather than a mail each (digest.ts).
  if (row.kind === "owner_new_order") await holdForDigest(row, now);
  if (!smtpUrl) {
    // Kept for the development mailbox, which composes it again when shown; here only a mail
    // with no address is skipped.
    // (a verification or "email changed" mail goes to its payload's address, message.ts).
    const { toEmail } = JSON.parse(row.payload) as { toEmail?: string };
    await recipientOf(row.userId, mailedToPayloadAddress(row.kind) ? toEmail : undefined);
    return;
  }
  const mail = await renderMail(row);
  await smtp(smtpUrl).sendMail({
    from: mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    // RFC 8058 one-click unsubscribe: the provider POSTs the link (unsubscribe.ts).
    headers: mail.unsubscribeUrl ? { "List-Unsubscribe": `<${mail.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
  });
}
