import type { Metadata } from "next";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { jobStateLabel } from "@/components/operators/labels";
import { consoleLabels } from "@/components/operators/console-labels";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminDeliveries } from "@/lib/server/operators/deliveries";
import { formatCents } from "@/lib/shared/money/money";
import { operatorDeliveriesQuerySchema } from "@/lib/contract/operators/rules";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { flagLinesIn, reasonWords } from "@/lib/server/web/stored-texts";
import { failureText } from "@/lib/shared/words/stored-texts";
import { ViewTabs } from "@/components/operators/view-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("deliveries.title") };
}

/**
 * Flagged deliveries (a courier's step taken away from its stop, lib/server/operators/deliveries.ts):
 * those whose pay is held first, each with why, and the operator's release or refusal; and the
 * failed deliveries with the courier's own note.
 */
export default async function OperatorDeliveriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorDeliveriesQuerySchema, await searchParams);
  const failed = query.status === "failed";
  const [{ items, nextOffset }, t, { shell, action }, locale, labels, reasons] = await Promise.all([
    listAdminDeliveries(operator, query),
    getT("admin"),
    getWords("admin"),
    requestLocale(),
    consoleLabels(),
    reasonWords(),
  ]);
  return (
    <>
      <h1>{failed ? t("deliveries.failedTitle") : t("deliveries.title")}</h1>
      <ViewTabs label={t("deliveries.tabs")} path="/admin/deliveries" query="status=failed" second={failed} names={[t("deliveries.flagged"), t("deliveries.failed")]} />
      <p className={styles.intro}>{failed ? t("deliveries.failedIntro") : t("deliveries.flaggedIntro")}</p>
      {items.length === 0 && <p className={styles.empty}>{failed ? t("deliveries.noFailed") : t("deliveries.noFlagged")}</p>}
      <ul className={styles.list} aria-label={failed ? t("deliveries.failedTitle") : t("deliveries.title")}>
        {items.map((d) => {
          const courier = d.courier?.name || t("deliveries.noCourier");
          const target = t("deliveries.target", { id: String(d.orderId) });
          return (
            <li key={d.id} className={styles.card} data-delivery={d.id}>
              <div className={styles.cardHead}>
                <h2>
                  <Link href={`/admin/orders/${d.orderId}`}>{t("deliveries.order", { id: String(d.orderId) })}</Link> ·{" "}
                  {d.courier ? <Link href={`/admin/users/${d.courier.id}`}>{courier}</Link> : courier}
                </h2>
                {failed ? (
                  <Badge tone="error">{jobStateLabel(d.state, labels)}</Badge>
                ) : d.payDecision ? (
                  <Badge tone={d.payDecision === "approved" ? "success" : "neutral"}>{t(`deliveries.${d.payDecision}`)}</Badge>
                ) : (
                  <Badge tone="info">{t("deliveries.held")}</Badge>
                )}
              </div>
              {failed ? (
                <>
                  <p className={styles.meta}>
                    {failureText(d, reasons) ?? t("deliveries.failedPlain")}
                    {d.closedAt && (
                      <>
                        {" "}
                        · <LocalTime at={d.closedAt} />
                      </>
                    )}
                  </p>
                  {d.failureNote && <p className={styles.quote}>“{d.failureNote}”</p>}
                </>
              ) : (
                <>
                  <p className={styles.why} data-flag-reason>
                    {flagLinesIn(locale, d)}
                  </p>
                  <p className={styles.meta}>
                    {t("deliveries.pay", { amount: formatCents(Math.round(d.pay * 100), { locale }) })} · {jobStateLabel(d.state, labels)}
                    {d.flaggedAt && (
                      <>
                        {" "}
                        · {t("deliveries.flaggedAt")} <LocalTime at={d.flaggedAt} />
                      </>
                    )}
                  </p>
                  {d.payDecision === null && d.state === "delivered" && (
                    <div className={styles.actions}>
                      <ActionButton url={`/api/admin/deliveries/${d.id}`} action="approve" label={t("deliveries.release")} target={target} words={action} />
                      <ActionButton url={`/api/admin/deliveries/${d.id}`} action="refuse" label={t("deliveries.refuse")} target={target} danger words={action} />
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      <Pager path="/admin/deliveries" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
