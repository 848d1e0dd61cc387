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
import { formatCents } from "@/lib/shared/money/money";
import { minorPerMajor } from "@/lib/shared/money/currency";
import { fill } from "@/lib/shared/words/fill";
import { operatorDisputesQuerySchema } from "@/lib/contract/disputes/rules";

import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { ViewTabs } from "@/components/operators/view-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("disputes.title") };
}

const reasonLabel = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, " ");

const columns = (words: Words<"admin">["disputes"], locale: Locale): OperatorColumn<DisputeJson>[] => [
  {
    header: words.dispute,
    cell: (dispute) => (
      <Link href={`/admin/disputes/${dispute.id}`}>
        {fill(words.disputeN, { id: dispute.id })}
        {dispute.orderId !== null && <span className="sr-only">{fill(words.ofOrder, { id: dispute.orderId })}</span>}
      </Link>
    ),
  },
  { header: words.statusHeader, cell: (dispute) => <DisputeBadge status={dispute.status} labels={words.status} /> },
  { header: words.amount, cell: (dispute) => formatCents(Math.round(dispute.amount * minorPerMajor(dispute.currency)), { locale, currency: dispute.currency }) },
  {
    header: words.order,
    cell: (dispute) => (dispute.orderId !== null ? <Link href={`/admin/orders/${dispute.orderId}`}>#{dispute.orderId}</Link> : words.notAnOrder),
  },
  { header: words.restaurant, cell: (dispute) => dispute.restaurant?.name ?? "—" },
  { header: words.reason, cell: (dispute) => reasonLabel(dispute.reason) },
  { header: words.opened, cell: (dispute) => <LocalTime at={dispute.createdAt} /> },
  { header: words.evidenceDue, cell: (dispute) => (dispute.evidenceDueBy && !dispute.evidenceSubmittedAt ? <LocalTime at={dispute.evidenceDueBy} /> : "—") },
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
  const [disputes, { disputes: words, shell, giftCards }, locale] = await Promise.all([listDisputes(operator, query), getWords("admin"), requestLocale()]);
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      {/* A disputed gift card purchase's unredeemed cards are voided on their own page. */}
      <p className={styles.intro}>
        <Link href="/admin/gift-cards">{giftCards.title}</Link>
      </p>
      <ViewTabs label={words.tabs} path="/admin/disputes" query="status=closed" second={closed} names={[words.open, words.closed]} />
      <OperatorTable
        columns={columns(words, locale)}
        rows={disputes.items}
        rowKey={(dispute) => dispute.id}
        rowData={(dispute) => ({ "data-dispute": dispute.id })}
        empty={closed ? words.noneClosed : words.noneOpen}
      />
      <Pager path="/admin/disputes" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={disputes.nextOffset} words={shell} />
    </>
  );
}
