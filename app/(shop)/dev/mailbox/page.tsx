import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/notifications/mailbox.module.css";
import { mailboxOf, mailboxOfAddress } from "@/lib/server/mail/mailbox";
import { config } from "@/lib/server/platform/config";
import { getCurrentUser, requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Mailbox (development)" };

// The development mailbox (docs/architecture/notifications.md "Email"): without SMTP_URL, outside
// production, the mails Nosh would have sent you, rendered from their outbox rows. A 404 in
// production or once SMTP_URL is set. Signed out, `?to=EMAIL` shows that address's mails (a
// password reset link is asked for signed out; "Forgot password?" links here in development).
export default async function DevMailboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!config().notifications.devMailbox) notFound();
  const to = (await searchParams).to;
  const signedIn = await getCurrentUser();
  // Signing in from here comes back here (issue 51 item 9).
  const mails = !signedIn && typeof to === "string" ? await mailboxOfAddress(to) : await mailboxOf(await requirePageUser("/dev/mailbox"));
  return (
    <div className="container">
      <PageHeader title="Your mailbox (development)" subtitle="What Nosh would email you. Set SMTP_URL to send real mail; this page is off in production." />
      {mails.length === 0 && <p>No mail yet. Place an order and its receipt shows up here within a few seconds.</p>}
      <ol className={styles.list}>
        {mails.map((mail) => (
          <li key={mail.id} className={styles.mail}>
            <h2 className={styles.subject}>{mail.subject}</h2>
            <p className={styles.meta}>
              To {mail.to} · {mail.sentAt}
            </p>
            <pre className={styles.text}>{mail.text}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
