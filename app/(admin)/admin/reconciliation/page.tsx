import type { Metadata } from "next";
import styles from "@/components/admin/admin.module.css";
import { requireOperatorPage } from "@/lib/server/operators/access";
import { openReconciliationIssues } from "@/lib/server/payouts/reconcile";
import { formatCents } from "@/lib/shared/money";

export const metadata: Metadata = { title: "Reconciliation" };

const KIND = { capture: "Capture", refund: "Refund", payout: "Payout" } as const;

/** Differences between the payment provider's records and the ledger (issue 59 item 7): the hourly payments.reconcile job raises each once. */
export default async function AdminReconciliationPage() {
  await requireOperatorPage();
  const issues = await openReconciliationIssues();
  return (
    <>
      <h1>Reconciliation</h1>
      <p className={styles.intro}>
        Every hour the payment provider&apos;s captures, refunds and payouts are compared with the ledger. Each difference is listed here once, and every operator is
        told. <code>npm run ledger:check</code> runs the same comparison over everything.
      </p>
      {issues.length === 0 ? (
        <p className={styles.empty}>No differences: the provider&apos;s records match the ledger.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Found</th>
                <th scope="col">Kind</th>
                <th scope="col">Provider object</th>
                <th scope="col">Provider</th>
                <th scope="col">Ledger</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.id} data-reconciliation={issue.id}>
                  <td>{issue.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC</td>
                  <td>{KIND[issue.kind] ?? issue.kind}</td>
                  <td>
                    <code>{issue.objectId}</code>
                  </td>
                  <td>{formatCents(issue.providerCents)}</td>
                  <td>{formatCents(issue.ledgerCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
