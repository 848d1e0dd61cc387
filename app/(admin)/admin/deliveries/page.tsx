import type { Metadata } from "next";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { jobStateLabel } from "@/components/operators/labels";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminDeliveries } from "@/lib/server/operators/deliveries";
import { formatCents } from "@/lib/shared/money";
import { operatorDeliveriesQuerySchema } from "@/lib/validation/operator";

export const metadata: Metadata = { title: "Flagged deliveries" };

const DECISION = { approved: "Pay released", refused: "Pay refused" } as const;

/**
 * Flagged deliveries (a courier's step taken away from its stop, lib/server/operators/deliveries.ts):
 * those whose pay is held first, each with why, and the operator's release or refusal; and the
 * failed deliveries with the courier's own note.
 */
export default async function OperatorDeliveriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorDeliveriesQuerySchema, await searchParams);
  const failed = query.status === "failed";
  const { items, nextOffset } = await listAdminDeliveries(operator, query);
  return (
    <>
      <h1>{failed ? "Failed deliveries" : "Flagged deliveries"}</h1>
      <nav className={styles.tabs} aria-label="Deliveries">
        <Link href="/admin/deliveries" aria-current={failed ? undefined : "page"}>
          Flagged
        </Link>
        <Link href="/admin/deliveries?status=failed" aria-current={failed ? "page" : undefined}>
          Failed
        </Link>
      </nav>
      <p className={styles.intro}>
        {failed
          ? "Deliveries the courier could not complete, with their own note (the customer never sees it)."
          : "A courier marked these delivered (or picked up) away from the stop. Their pay waits in Nosh's clearing account until you release it to them or refuse it (back to the customer)."}
      </p>
      {items.length === 0 && <p className={styles.empty}>{failed ? "No failed deliveries." : "No flagged deliveries."}</p>}
      <ul className={styles.list} aria-label={failed ? "Failed deliveries" : "Flagged deliveries"}>
        {items.map((d) => {
          const courier = d.courier?.name || "No courier";
          return (
            <li key={d.id} className={styles.card} data-delivery={d.id}>
              <div className={styles.cardHead}>
                <h2>
                  <Link href={`/admin/orders/${d.orderId}`}>Order #{d.orderId}</Link> ·{" "}
                  {d.courier ? <Link href={`/admin/users/${d.courier.id}`}>{courier}</Link> : courier}
                </h2>
                {failed ? (
                  <Badge tone="error">{jobStateLabel(d.state)}</Badge>
                ) : d.payDecision ? (
                  <Badge tone={d.payDecision === "approved" ? "success" : "neutral"}>{DECISION[d.payDecision]}</Badge>
                ) : (
                  <Badge tone="info">Pay held</Badge>
                )}
              </div>
              {failed ? (
                <>
                  <p className={styles.meta}>
                    {d.failureReason ?? "Failed"}
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
                    {d.flagReason}
                  </p>
                  <p className={styles.meta}>
                    {formatCents(Math.round(d.pay * 100))} pay · {jobStateLabel(d.state)}
                    {d.flaggedAt && (
                      <>
                        {" "}
                        · flagged <LocalTime at={d.flaggedAt} />
                      </>
                    )}
                  </p>
                  {d.payDecision === null && d.state === "delivered" && (
                    <div className={styles.actions}>
                      <ActionButton url={`/api/admin/deliveries/${d.id}`} action="approve" label="Release the pay" target={`order #${d.orderId}`} />
                      <ActionButton url={`/api/admin/deliveries/${d.id}`} action="refuse" label="Refuse the pay" target={`order #${d.orderId}`} danger />
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      <Pager path="/admin/deliveries" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />
    </>
  );
}
