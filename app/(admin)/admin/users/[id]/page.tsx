import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/operators/action-button";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import styles from "@/components/operators/operators.module.css";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { stageLabel, type ConsoleLabels } from "@/components/operators/labels";
import { consoleLabels } from "@/components/operators/console-labels";
import { walletRowDescription, type WalletRowWords } from "@/lib/shared/money/wallet-kinds";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { operatorUserDetail } from "@/lib/server/operators/users";
import { DEFAULT_CURRENCY, minorPerMajor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { idFromText } from "@/lib/shared/web/id-pattern";
import { operatorUserDetailQuerySchema } from "@/lib/contract/operators/rules";
import type { Words } from "@/lib/i18n/words";

import type { Locale } from "@/lib/i18n/locale";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("user.title") };
}

/** An amount the API sends in major units, in `currency` (an order's, a wallet row's). */
const dollars = (amount: number, locale: Locale, currency = DEFAULT_CURRENCY) => formatCents(Math.round(amount * minorPerMajor(currency)), { locale, currency });

type Detail = NonNullable<Awaited<ReturnType<typeof operatorUserDetail>>>;
type Columns = Words<"admin">["user"];
// The console's shared table (operator-table.tsx): one line a cell, scrolled sideways on a phone
// rather than wrapped letter by letter.
const orderColumns = (words: Columns, locale: Locale, labels: ConsoleLabels): OperatorColumn<Detail["orders"][number]>[] => [
  { header: words.order, cell: (o) => <Link href={`/admin/orders/${o.id}`}>#{o.id}</Link>, rowHeader: true },
  { header: words.restaurant, cell: (o) => o.restaurantName },
  { header: words.status, cell: (o) => stageLabel(o.stage, labels) },
  { header: words.total, cell: (o) => dollars(o.total, locale, o.currency) },
  { header: words.when, cell: (o) => <LocalTime at={o.createdAt} /> },
];
const walletColumns = (words: Columns, locale: Locale, rows: WalletRowWords): OperatorColumn<Detail["walletTransactions"][number]>[] => [
  { header: words.kind, cell: (t) => walletRowDescription({ kind: t.kind, orderId: t.orderId, restaurantName: null }, rows), rowHeader: true },
  { header: words.amount, cell: (t) => dollars(t.amount, locale, t.currency) },
  { header: words.balance, cell: (t) => dollars(t.balanceAfter, locale, t.currency) },
  { header: words.when, cell: (t) => <LocalTime at={t.createdAt} /> },
];

/** One user: who they are, their orders and wallet ledger (read only), and sign-in suspension. */
export default async function OperatorUserPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const operator = await requireOperatorPage();
  const id = idFromText((await params).id);
  if (id === null) notFound();
  const paging = pageQuery(operatorUserDetailQuerySchema, await searchParams);
  const detail = await operatorUserDetail(operator, id, paging).catch(() => null);
  if (!detail) notFound();
  const { user, orders, walletTransactions } = detail;
  const [{ user: words, shell, action }, locale, labels, { wallet }] = await Promise.all([getWords("admin"), requestLocale(), consoleLabels(), getWords("profile")]);
  return (
    <>
      <h1>{user.name}</h1>
      <div className={styles.card}>
        <p className={styles.meta}>
          #{user.id} · {[user.email, user.phoneNumber].filter(Boolean).join(" · ") || words.noContact} · {user.roles.join(", ") || words.customer} · {words.wallet}{" "}
          {dollars(user.wallet, locale)} · {words.since} <LocalTime at={user.createdAt} />
        </p>
        {user.suspended && (
          <p className={styles.why}>
            {words.suspended} <LocalTime at={user.suspended.at} />: {user.suspended.reason}
          </p>
        )}
        {user.id !== operator.id && (
          <div className={styles.actions}>
            {user.suspended ? (
              <ActionButton url={`/api/admin/users/${user.id}`} action="restore" label={words.restore} target={user.name} words={action} />
            ) : (
              <ActionButton url={`/api/admin/users/${user.id}`} action="suspend" label={words.suspend} target={user.name} danger words={action} />
            )}
            <Link href={`/admin/audit?targetType=user&targetId=${user.id}`}>{words.history}</Link>
          </div>
        )}
      </div>
      <h2>{words.orders}</h2>
      <OperatorTable columns={orderColumns(words, locale, labels)} rows={orders} rowKey={(o) => o.id} empty={words.noOrders} />
      <h2>{words.walletLedger}</h2>
      <OperatorTable columns={walletColumns(words, locale, wallet)} rows={walletTransactions} rowKey={(t) => t.id} empty={words.noWallet} />
      <Pager
        path={`/admin/users/${user.id}`}
        params={{}}
        offset={paging.offset}
        limit={paging.limit}
        nextOffset={orders.length === paging.limit || walletTransactions.length === paging.limit ? paging.offset + paging.limit : null}
        words={shell}
      />
    </>
  );
}
