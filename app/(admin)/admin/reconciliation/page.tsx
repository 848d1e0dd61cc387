import type { Metadata } from "next";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listReconciliationIssues, type ReconciliationIssueJson } from "@/lib/server/payouts/reconciliation-issues";
import { reconciliationStatusOf } from "@/lib/contract/payments/reconciliation-rules";

import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { getT, getWords } from "@/lib/i18n/translate";
import { ViewTabs } from "@/components/operators/view-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("reconciliation.title") };
}

type ReconciliationWords = Words<"admin">["reconciliation"];
const kindOf = (words: ReconciliationWords, kind: string) => words.kinds[kind as keyof ReconciliationWords["kinds"]] ?? kind;
const dollars = (value: number) => `$${value.toFixed(2)}`;
/** The command running the same comparison: a command, not words. */
const LEDGER_CHECK = "npm run ledger:check";
const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

const columns = (words: ReconciliationWords): OperatorColumn<ReconciliationIssueJson>[] => [
  { header: words.found, cell: (issue) => utc(issue.createdAt) },
  { header: words.kind, cell: (issue) => kindOf(words, issue.kind) },
  { header: words.object, cell: (issue) => <code>{issue.objectId}</code> },
  { header: words.provider, cell: (issue) => dollars(issue.provider) },
  { header: words.ledger, cell: (issue) => dollars(issue.ledger) },
];
const resolutionColumn = (words: ReconciliationWords): OperatorColumn<ReconciliationIssueJson> => ({
  header: words.resolution,
  wide: true,
  cell: ({ resolution }) =>
    resolution && (
      <>
        {resolution.note}
        <span className={styles.meta}> {fill(words.resolvedBy, { name: resolution.by?.firstName ?? words.commandLine, at: utc(resolution.at) })}</span>
      </>
    ),
});
const resolveColumn = (words: ReconciliationWords, actionWords: Words<"admin">["action"]): OperatorColumn<ReconciliationIssueJson> => ({
  header: words.action,
  wide: true,
  cell: (issue) => (
    <ActionButton
      url={`/api/admin/reconciliation/${issue.id}/resolve`}
      action="resolve"
      label={words.resolve}
      target={`${kindOf(words, issue.kind)} ${issue.objectId}`}
      field="note"
      prompt={words.prompt}
      words={actionWords}
    />
  ),
});

/**
 * Differences between the payment provider's records and the ledger: the hourly
 * payments.reconcile job raises each once; an operator resolves one with a note (audited), and it
 * moves from the open list to the resolved one (`?status=resolved`).
 */
export default async function OperatorReconciliationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperatorPage();
  const status = reconciliationStatusOf((await searchParams).status);
  const [issues, { reconciliation: words, action }] = await Promise.all([listReconciliationIssues(status), getWords("admin")]);
  const resolved = status === "resolved";
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>
        {words.intro} <code>{LEDGER_CHECK}</code> {words.introCheck}
      </p>
      <ViewTabs label={words.tabs} path="/admin/reconciliation" query="status=resolved" second={resolved} names={[words.open, words.resolved]} />
      <OperatorTable
        columns={resolved ? [...columns(words), resolutionColumn(words)] : [...columns(words), resolveColumn(words, action)]}
        rows={issues}
        rowKey={(issue) => issue.id}
        rowData={(issue) => ({ "data-reconciliation": issue.id })}
        empty={resolved ? words.noneResolved : words.noneOpen}
      />
    </>
  );
}
