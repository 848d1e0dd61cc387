import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { stageLabel } from "@/components/operators/labels";
import { attentionReasons, consoleLabels } from "@/components/operators/console-labels";
import { LocalTime } from "@/components/operators/local-time";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { dashboard } from "@/lib/server/operators/dashboard";
import { listAdminOrders } from "@/lib/server/operators/orders";
import { config } from "@/lib/server/platform/config";
import { getT, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("dashboard.title") };
}

const ATTENTION_SHOWN = 10;

/** The operator's dashboard: the orders needing attention first, each one opening its page; then each figure, linking to the list behind it (lib/server/operators/dashboard.ts). */
export default async function OperatorDashboardPage() {
  const operator = await requireOperatorPage();
  const locale = await requestLocale();
  const [{ tiles }, attention, t, labels, reasonOf] = await Promise.all([
    dashboard(operator, new Date(), locale),
    listAdminOrders(operator, { attention: "1", limit: ATTENTION_SHOWN, offset: 0 }),
    getT("admin"),
    consoleLabels(),
    attentionReasons(),
  ]);
  return (
    <>
      <h1>{t("dashboard.title")}</h1>
      {config().payments.testMode && (
        <p className={styles.testMode} data-payments-mode="test">
          {t("dashboard.testMode")}
        </p>
      )}
      {attention.items.length > 0 && (
        <section className={`${styles.card} ${styles.attentionList}`} aria-labelledby="attention-heading" data-attention-list>
          <h2 id="attention-heading" className={styles.formTitle}>
            {t("dashboard.attention")}
          </h2>
          <ul className={styles.timeline}>
            {attention.items.map((o) => (
              <li key={o.id}>
                <span>
                  <Link href={`/admin/orders/${o.id}`}>{t("dashboard.order", { id: String(o.id) })}</Link> · {o.restaurantName} · {stageLabel(o.stage, labels)}
                </span>
                <span>
                  {o.attention && (
                    <>
                      {t("dashboard.since", { reason: reasonOf(o.stage, o.attention.reason) })} <LocalTime at={o.attention.since} />
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {attention.hasMore && (
            <p className={styles.meta}>
              <Link href="/admin/orders?attention=1">{t("dashboard.allAttention")}</Link>
            </p>
          )}
        </section>
      )}
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.key} className={styles.tile} data-tile={tile.key}>
            <Link href={tile.href}>
              <span className={styles.tileValue}>{tile.value}</span>
              {tile.label}
            </Link>
            {tile.parts && (
              <ul className={styles.parts}>
                {tile.parts.map((part) => (
                  <li key={part.label}>
                    <Link href={part.href}>{part.label}</Link> <span>{part.value}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
