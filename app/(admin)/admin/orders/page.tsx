import type { Metadata } from "next";
import styles from "@/components/admin/admin.module.css";
import { Pager } from "@/components/admin/pager";
import { pageQuery } from "@/components/admin/query";
import { LocalTime } from "@/components/admin/local-time";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/operators/access";
import { listAdminOrders } from "@/lib/server/admin/orders";
import { formatCents } from "@/lib/shared/money";
import { adminOrdersQuerySchema } from "@/lib/validation/admin";

export const metadata: Metadata = { title: "Orders" };

/** The orders behind the dashboard's figures, newest first (read only). */
export default async function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(adminOrdersQuerySchema, await searchParams);
  const { items, nextOffset } = await listAdminOrders(operator, query);
  const title = query.id
    ? `Order #${query.id}`
    : `${query.stage === "open" ? "Open orders" : query.stage ? `Orders: ${query.stage.replaceAll("_", " ")}` : "Orders"}${query.since ? " in the last hour" : ""}`;
  return (
    <>
      <h1>{title}</h1>
      {items.length === 0 && <p className={styles.empty}>No orders.</p>}
      {items.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>Order</th>
              <th>Restaurant</th>
              <th>Stage</th>
              <th>Total</th>
              <th>Placed</th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.id}>
                <td>
                  #{o.id} · <Link href={`/admin/users/${o.customerId}`}>customer</Link>
                </td>
                <td>{o.restaurantName}</td>
                <td>{o.stage}</td>
                <td>{formatCents(Math.round(o.total * 100))}</td>
                <td>{o.submittedAt ? <LocalTime at={o.submittedAt} /> : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        path="/admin/orders"
        params={{ stage: query.stage, since: query.since, id: query.id ? String(query.id) : undefined }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
      />
    </>
  );
}
