import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import styles from "@/components/notifications/mailbox.module.css";
import { devPhoneOpen, devTexts } from "@/lib/server/texts/dev-phone";
import { getT, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("devTexts.meta") };
}

// The built-in messaging provider's phone (docs/architecture/text-messages.md), beside /dev/mailbox:
// the texts Nosh would have sent and the replies it got, `?to=NUMBER` for one number. A 404 unless
// the built-in provider is the one in use (TEXTS unset outside production, or TEXTS=builtin on a staging site).
export default async function DevTextsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!devPhoneOpen()) notFound();
  const raw = (await searchParams).to;
  const to = typeof raw === "string" ? raw.trim() : "";
  const [t, locale] = await Promise.all([getT("profile"), requestLocale()]);
  const texts = await devTexts(to || null, locale);
  return (
    <div className="container">
      <PageHeader title={to ? t("devTexts.titleOf", { phone: to }) : t("devTexts.title")} subtitle={t("devTexts.subtitle")} />
      <form method="get" action="/dev/texts" className={styles.pick}>
        <TextField label={t("devTexts.phone")} name="to" type="tel" autoComplete="tel" defaultValue={to} />
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("devTexts.open")}
        </button>
      </form>
      {texts.length === 0 && <p>{t("devTexts.none")}</p>}
      <ol className={styles.list} aria-label={t("devTexts.list")}>
        {texts.map((text) => (
          <li key={text.id} className={styles.mail} data-direction={text.direction}>
            <p className={styles.meta}>
              {text.direction === "out"
                ? t("devTexts.sent", { phone: text.phone, at: text.at, status: text.status })
                : t("devTexts.received", { phone: text.phone, at: text.at })}
            </p>
            <p className={styles.text}>{text.body}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
