import type { Metadata } from "next";
import { Fragment } from "react";
import { auditParts } from "@/lib/shared/audit-text";
import styles from "@/components/operators/operators.module.css";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAudit } from "@/lib/server/operators/audit-log";
import { operatorAuditQuerySchema } from "@/lib/validation/operator";

export const metadata: Metadata = { title: "Audit log" };

/** The audit log, newest first: read only (the table refuses UPDATE and DELETE itself). */
export default async function OperatorAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorAuditQuerySchema, await searchParams);
  const { items, nextOffset } = await listAudit(operator, query);
  return (
    <>
      <h1>Audit log</h1>
      <p className={styles.intro}>
        Every operator action: who, what, on what, when and why. Entries can never be edited or deleted.
        {query.targetType ? ` Showing ${query.targetType}${query.targetId ? ` #${query.targetId}` : ""} only.` : ""}
      </p>
      {items.length === 0 && <p className={styles.empty}>No entries.</p>}
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
              {e.operator ? e.operator.name : "Command line"} · {e.targetType} #{e.targetId}
              {auditParts(e.action, e.detail).map((part) => (
                <Fragment key={part.label}>
                  {" · "}
                  {part.label}: {"at" in part ? <LocalTime at={part.at} /> : part.text}
                </Fragment>
              ))}
            </p>
            <p className={styles.quote}>Why: {e.reason}</p>
          </li>
        ))}
      </ul>
      <Pager
        path="/admin/audit"
        params={{ targetType: query.targetType, targetId: query.targetId === undefined ? undefined : String(query.targetId) }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
      />
    </>
  );
}
