import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listReconciliationIssues, type ReconciliationIssueJson } from "@/lib/server/payouts/reconciliation-issues";
import { reconciliationStatusOf } from "@/lib/validation/reconciliation";

export const metadata: Metadata = { title: "Reconciliation" };

const KIND = { capture: "Capture", refund: "Refund", payout: "Payout" } as const;
const dollars = (value: number) => `$${value.toFixed(2)}`;
const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

const COLUMNS: OperatorColumn<ReconciliationIssueJson>[] = [
  { header: "Found", cell: (issue) => utc(issue.createdAt) },
  { header: "Kind", cell: (issue) => KIND[issue.kind] ?? issue.kind },
  { header: "Provider object", cell: (issue) => <code>{issue.objectId}</code> },
  { header: "Provider", cell: (issue) => dollars(issue.provider) },
  { header: "Ledger", cell: (issue) => dollars(issue.ledger) },
];
const RESOLUTION: OperatorColumn<ReconciliationIssueJson> = {
  header: "Resolution",
  wide: true,
  cell: ({ resolution }) =>
    resolution && (
      <>
        {resolution.note}
        <span className={styles.meta}>
          {" "}
          Resolved by {resolution.by?.firstName ?? "the command line"}, {utc(resolution.at)}
        </span>
      </>
    ),
};
const RESOLVE: OperatorColumn<ReconciliationIssueJson> = {
  header: "Action",
  wide: true,
  cell: (issue) => (
    <ActionButton
      url={`/api/admin/reconciliation/${issue.id}/resolve`}
      action="resolve"
      label="Resolve"
      target={`${KIND[issue.kind] ?? issue.kind} ${issue.objectId}`}
      field="note"
      prompt="What did you find, and what was done? (kept in the audit log)"
    />
  ),
};

/**
 * Differences between the payment provider's records and the ledger: the hourly
 * payments.reconcile job raises each once; an operator resolves one with a note (audited), and it
 * moves from the open list to the resolved one (`?status=resolved`).
 */
export default async function OperatorReconciliationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperatorPage();
  const status = reconciliationStatusOf((await searchParams).status);
  const issues = await listReconciliationIssues(status);
  const resolved = status === "resolved";
  return (
    <>
      <h1>Reconciliation</h1>
      <p className={styles.intro}>
        Every hour the payment provider&apos;s captures, refunds and payouts are compared with the ledger. Each difference is listed here once, and every operator is
        told. <code>npm run ledger:check</code> runs the same comparison over everything. Once you have looked into one, resolve it with a note saying what you found.
      </p>
      <nav className={styles.tabs} aria-label="Open or resolved">
        <Link href="/admin/reconciliation" aria-current={resolved ? undefined : "page"}>
          Open
        </Link>
        <Link href="/admin/reconciliation?status=resolved" aria-current={resolved ? "page" : undefined}>
          Resolved
        </Link>
      </nav>
      <OperatorTable
        columns={resolved ? [...COLUMNS, RESOLUTION] : [...COLUMNS, RESOLVE]}
        rows={issues}
        rowKey={(issue) => issue.id}
        rowData={(issue) => ({ "data-reconciliation": issue.id })}
        empty={resolved ? "No difference has been resolved yet." : "No open differences: the provider's records match the ledger."}
      />
    </>
  );
}
