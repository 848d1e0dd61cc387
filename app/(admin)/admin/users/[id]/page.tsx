import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/operators/action-button";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import styles from "@/components/operators/operators.module.css";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { stageLabel } from "@/components/operators/labels";
import { walletRowDescription } from "@/lib/shared/wallet-kinds";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { operatorUserDetail } from "@/lib/server/operators/users";
import { formatCents } from "@/lib/shared/money";
import { idFromText } from "@/lib/shared/id-pattern";
import { operatorUserDetailQuerySchema } from "@/lib/validation/operator";

export const metadata: Metadata = { title: "User" };

const dollars = (amount: number) => formatCents(Math.round(amount * 100));

type Detail = NonNullable<Awaited<ReturnType<typeof operatorUserDetail>>>;
// The console's shared table (operator-table.tsx): one line a cell, scrolled sideways on a phone
// rather than wrapped letter by letter.
const orderColumns: OperatorColumn<Detail["orders"][number]>[] = [
  { header: "Order", cell: (o) => <Link href={`/admin/orders/${o.id}`}>#{o.id}</Link>, rowHeader: true },
  { header: "Restaurant", cell: (o) => o.restaurantName },
  { header: "Status", cell: (o) => stageLabel(o.stage) },
  { header: "Total", cell: (o) => dollars(o.total) },
  { header: "When", cell: (o) => <LocalTime at={o.createdAt} /> },
];
const walletColumns: OperatorColumn<Detail["walletTransactions"][number]>[] = [
  { header: "Kind", cell: (t) => walletRowDescription({ kind: t.kind, orderId: t.orderId, restaurantName: null }), rowHeader: true },
  { header: "Amount", cell: (t) => dollars(t.amount) },
  { header: "Balance", cell: (t) => dollars(t.balanceAfter) },
  { header: "When", cell: (t) => <LocalTime at={t.createdAt} /> },
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
  return (
    <>
      <h1>{user.name}</h1>
      <div className={styles.card}>
        <p className={styles.meta}>
          #{user.id} · {[user.email, user.phoneNumber].filter(Boolean).join(" · ") || "no email or phone"} · {user.roles.join(", ") || "customer"} · wallet{" "}
          {dollars(user.wallet)} · since <LocalTime at={user.createdAt} />
        </p>
        {user.suspended && (
          <p className={styles.why}>
            Sign-in suspended <LocalTime at={user.suspended.at} />: {user.suspended.reason}
          </p>
        )}
        {user.id !== operator.id && (
          <div className={styles.actions}>
            {user.suspended ? (
              <ActionButton url={`/api/admin/users/${user.id}`} action="restore" label="Restore sign-in" target={user.name} />
            ) : (
              <ActionButton url={`/api/admin/users/${user.id}`} action="suspend" label="Suspend sign-in" target={user.name} danger />
            )}
            <Link href={`/admin/audit?targetType=user&targetId=${user.id}`}>History</Link>
          </div>
        )}
      </div>
      <h2>Orders</h2>
      <OperatorTable columns={orderColumns} rows={orders} rowKey={(o) => o.id} empty="No orders." />
      <h2>Wallet ledger</h2>
      <OperatorTable columns={walletColumns} rows={walletTransactions} rowKey={(t) => t.id} empty="No wallet entries." />
      <Pager
        path={`/admin/users/${user.id}`}
        params={{}}
        offset={paging.offset}
        limit={paging.limit}
        nextOffset={orders.length === paging.limit || walletTransactions.length === paging.limit ? paging.offset + paging.limit : null}
      />
    </>
  );
}
