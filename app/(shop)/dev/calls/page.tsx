import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { DevRelayPhone } from "@/components/texts/dev-relay";
import styles from "@/components/notifications/mailbox.module.css";
import { devRelayCalls } from "@/lib/server/calls/dev-phone";
import { devPhoneOpen } from "@/lib/server/texts/dev-phone";
import { formatDateTime } from "@/lib/shared/time/format-date";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("devCalls.meta") };
}

// The built-in provider's phone for the relay numbers (docs/architecture/text-messages.md "Masked
// calls"), beside /dev/texts: call or text a relay number from any number through the same
// webhooks, and see whom it connected; then the relay's calls and texts, by side, never a number.
// A 404 unless the built-in provider is the one in use.
export default async function DevCallsPage() {
  if (!devPhoneOpen()) notFound();
  const [t, { devCalls }, locale, calls] = await Promise.all([getT("profile"), getWords("profile"), requestLocale(), devRelayCalls()]);
  return (
    <div className="container">
      <PageHeader title={t("devCalls.title")} subtitle={t("devCalls.subtitle")} />
      <DevRelayPhone words={devCalls} />
      {calls.length === 0 && <p>{t("devCalls.none")}</p>}
      <ol className={styles.list} aria-label={t("devCalls.list")}>
        {calls.map((call) => (
          <li key={call.id} className={styles.mail}>
            <p className={styles.meta}>
              {t(call.kind === "call" ? "devCalls.callLine" : "devCalls.textLine", {
                side: devCalls.side[call.fromSide === "customer" || call.fromSide === "courier" ? call.fromSide : "unknown"],
                order: call.orderId === null ? "—" : String(call.orderId),
                status: call.status,
                seconds: String(call.seconds ?? 0),
                at: formatDateTime(call.at, undefined, locale),
              })}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
