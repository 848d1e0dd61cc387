import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import styles from "@/components/notifications/mailbox.module.css";
import { mailboxOf, mailboxOfAddress } from "@/lib/server/mail/mailbox";
import { config } from "@/lib/server/platform/config";
import { getT } from "@/lib/i18n/translate";
import { getCurrentUser } from "@/lib/server/web/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("mailbox.meta") };
}

// The development mailbox (docs/architecture/notification-mail.md "Email"): without SMTP_URL, outside
// production, the mails Nosh would have sent, rendered from their outbox rows, each in its
// recipient's box. A 404 in production or once SMTP_URL is set (config().notifications.devMailbox).
// No sign-in needed: `?to=EMAIL` shows that address's mails (a password reset link is asked for
// signed out; an invitee may have no account yet); signed in without it, your own.
export default async function DevMailboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!config().notifications.devMailbox) notFound();
  const raw = (await searchParams).to;
  const to = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  const signedIn = to ? null : await getCurrentUser();
  const mails = to ? await mailboxOfAddress(to) : signedIn ? await mailboxOf(signedIn) : null;
  const whose = to || signedIn?.email || null;
  const t = await getT("profile");
  return (
    <div className="container">
      <PageHeader title={whose ? t("mailbox.titleOf", { address: whose }) : t("mailbox.title")} subtitle={t("mailbox.subtitle")} />
      <form method="get" action="/dev/mailbox" className={styles.pick}>
        <TextField label={t("mailbox.email")} name="to" type="email" autoComplete="email" defaultValue={to} required />
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("mailbox.open")}
        </button>
      </form>
      {mails === null && <p>{t("mailbox.ask")}</p>}
      {mails?.length === 0 && <p>{t("mailbox.none")}</p>}
      <ol className={styles.list}>
        {mails?.map((mail) => (
          <li key={mail.id} className={styles.mail}>
            <h2 className={styles.subject}>{mail.subject}</h2>
            <p className={styles.meta}>{t("mailbox.to", { to: mail.to, sentAt: mail.sentAt })}</p>
            <pre className={styles.text}>{mail.text}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
