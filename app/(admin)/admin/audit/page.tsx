import type { Metadata } from "next";
import { Fragment } from "react";
import { auditParts } from "@/lib/shared/words/audit-text";
import styles from "@/components/operators/operators.module.css";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAudit } from "@/lib/server/operators/audit-log";
import { operatorAuditQuerySchema } from "@/lib/contract/operators/rules";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("audit.title") };
}

/** The audit log, newest first: read only (the table refuses UPDATE and DELETE itself). */
export default async function OperatorAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorAuditQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { shell }, { audit }, locale] = await Promise.all([
    listAudit(operator, query),
    getT("admin"),
    getWords("admin"),
    getWords("lines"),
    requestLocale(),
  ]);
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <p className={styles.intro}>
        {t("audit.intro")}
        {query.targetType
          ? query.targetId
            ? t("audit.showingOne", { type: query.targetType, id: String(query.targetId) })
            : t("audit.showing", { type: query.targetType })
          : ""}
      </p>
      {items.length === 0 && <p className={styles.empty}>{t("audit.none")}</p>}
      <ul className={styles.list}>
        {items.map((e) => (
          <li key={e.id} className={styles.card} data-audit={e.action}>
            <div className={styles.cardHead}>
              <h2>{e.action}</h2>
              <span className={styles.meta}>
                <LocalTime at={e.at} />
              </span>
            </div>
            <p className={styles.meta}>
              {e.operator ? e.operator.name : t("audit.commandLine")} · {e.targetType} #{e.targetId}
              {auditParts(e.action, e.detail, audit, locale).map((part) => (
                <Fragment key={part.label}>
                  {" · "}
                  {part.label}: {"at" in part ? <LocalTime at={part.at} /> : part.text}
                </Fragment>
              ))}
            </p>
            <p className={styles.quote}>{t("audit.why", { reason: e.reason })}</p>
          </li>
        ))}
      </ul>
      <Pager
        path="/admin/audit"
        params={{ targetType: query.targetType, targetId: query.targetId === undefined ? undefined : String(query.targetId) }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
        words={shell}
      />
    </>
  );
}
