import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { DisputeBadge } from "@/components/operators/dispute-badge";
import Link from "@/components/ui/link";
import { listDisputes, type DisputeJson } from "@/lib/server/operators/disputes";
import { requireOperatorPage } from "@/lib/server/web/page";
import { formatCents } from "@/lib/shared/money";
import { operatorDisputesQuerySchema } from "@/lib/validation/disputes";

export const metadata: Metadata = { title: "Disputes" };

const dollars = (amount: number) => formatCents(Math.round(amount * 100));
const reasonLabel = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, " ");

const COLUMNS: OperatorColumn<DisputeJson>[] = [
  {
    header: "Dispute",
    cell: (dispute) => (
      <Link href={`/admin/disputes/${dispute.id}`}>
        Dispute #{dispute.id}
        {dispute.orderId !== null && <span className="sr-only"> of order #{dispute.orderId}</span>}
      </Link>
    ),
  },
  { header: "Status", cell: (dispute) => <DisputeBadge status={dispute.status} /> },
  { header: "Amount", cell: (dispute) => dollars(dispute.amount) },
  { header: "Order", cell: (dispute) => (dispute.orderId !== null ? <Link href={`/admin/orders/${dispute.orderId}`}>#{dispute.orderId}</Link> : "Not an order") },
  { header: "Restaurant", cell: (dispute) => dispute.restaurant?.name ?? "—" },
  { header: "Reason", cell: (dispute) => reasonLabel(dispute.reason) },
  { header: "Opened", cell: (dispute) => <LocalTime at={dispute.createdAt} /> },
  { header: "Evidence due", cell: (dispute) => (dispute.evidenceDueBy && !dispute.evidenceSubmittedAt ? <LocalTime at={dispute.evidenceDueBy} /> : "—") },
];

/**
 * The disputes queue: card charges the cardholder disputed with their bank (chargebacks). Open ones
 * first (needing evidence, then under review); each opens its page, where the evidence is gathered
 * and sent in one submission. `?status=closed` lists those won and lost.
 */
export default async function OperatorDisputesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorDisputesQuerySchema, await searchParams);
  const closed = query.status === "closed";
  const disputes = await listDisputes(operator, query);
  return (
    <>
      <h1>Disputes</h1>
      <p className={styles.intro}>
        A cardholder disputed these charges with their bank. The disputed amount is held back from the restaurant&apos;s earnings until the bank decides: won, it goes
        back to the restaurant; lost, it stays out. Open one to gather its evidence (receipt, delivery photo, the courier&apos;s positions, messages) and send it before
        it is due.
      </p>
      <nav className={styles.tabs} aria-label="Open or closed">
        <Link href="/admin/disputes" aria-current={closed ? undefined : "page"}>
          Open
        </Link>
        <Link href="/admin/disputes?status=closed" aria-current={closed ? "page" : undefined}>
          Closed
        </Link>
      </nav>
      <OperatorTable
        columns={COLUMNS}
        rows={disputes.items}
        rowKey={(dispute) => dispute.id}
        rowData={(dispute) => ({ "data-dispute": dispute.id })}
        empty={closed ? "No dispute has been decided yet." : "No open disputes: no cardholder is disputing a charge."}
      />
      <Pager path="/admin/disputes" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={disputes.nextOffset} />
    </>
  );
}
