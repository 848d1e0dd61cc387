import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/admin/action-button";
import styles from "@/components/admin/admin.module.css";
import { Pager } from "@/components/admin/pager";
import { pageQuery } from "@/components/admin/query";
import { LocalTime } from "@/components/admin/local-time";
import { stageLabel } from "@/components/admin/labels";
import { walletRowDescription } from "@/lib/shared/wallet-kinds";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/operators/access";
import { adminUserDetail } from "@/lib/server/admin/users";
import { formatCents } from "@/lib/shared/money";
import { idFromText } from "@/lib/shared/id-pattern";
import { adminUserDetailQuerySchema } from "@/lib/validation/admin";

export const metadata: Metadata = { title: "User" };

const dollars = (amount: number) => formatCents(Math.round(amount * 100));

/** One user: who they are, their orders and wallet ledger (read only), and sign-in suspension. */
export default async function AdminUserPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const operator = await requireOperatorPage();
  const id = idFromText((await params).id);
  if (id === null) notFound();
  const paging = pageQuery(adminUserDetailQuerySchema, await searchParams);
  const detail = await adminUserDetail(operator, id, paging).catch(() => null);
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
      {orders.length === 0 ? (
        <p className={styles.empty}>No orders.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Order</th>
                <th>Restaurant</th>
                <th>Status</th>
                <th>Total</th>
                <th>When</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link href={`/admin/orders/${o.id}`}>#{o.id}</Link>
                  </td>
                  <td>{o.restaurantName}</td>
                  <td>{stageLabel(o.stage)}</td>
                  <td>{dollars(o.total)}</td>
                  <td>
                    <LocalTime at={o.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Wallet ledger</h2>
      {walletTransactions.length === 0 ? (
        <p className={styles.empty}>No wallet entries.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Kind</th>
                <th>Amount</th>
                <th>Balance</th>
                <th>When</th>
              </tr>
            </thead>
            <tbody>
              {walletTransactions.map((t) => (
                <tr key={t.id}>
                  <td>{walletRowDescription({ kind: t.kind, orderId: t.orderId, restaurantName: null })}</td>
                  <td>{dollars(t.amount)}</td>
                  <td>{dollars(t.balanceAfter)}</td>
                  <td>
                    <LocalTime at={t.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
