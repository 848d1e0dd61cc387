import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { stageLabel } from "@/components/operators/labels";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminOrders } from "@/lib/server/operators/orders";
import { formatCents } from "@/lib/shared/money";
import { OPEN_STAGES, ORDER_STAGES } from "@/lib/shared/order-stages";
import { operatorOrdersQuerySchema } from "@/lib/validation/operator";

export const metadata: Metadata = { title: "Orders" };

const TONE: Record<string, "success" | "neutral" | "info" | "error"> = { Completed: "success", Canceled: "error", Submitted: "info" };

/** Orders: search, filters (stage, restaurant, needs attention), a card each linking to the order's page. */
export default async function OperatorOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorOrdersQuerySchema, await searchParams);
  const { items, nextOffset } = await listAdminOrders(operator, query);
  const title = query.attention
    ? "Orders needing attention"
    : query.id
      ? `Order #${query.id}`
      : `${query.stage === "open" ? "Open orders" : query.stage ? `Orders: ${stageLabel(query.stage).toLowerCase()}` : "Orders"}${query.since ? " in the last hour" : ""}`;
  return (
    <>
      <h1>{title}</h1>
      <form className={styles.filters} role="search" aria-label="Find orders">
        <label>
          Order number, customer or restaurant
          <input name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} />
        </label>
        <label>
          Status
          <select name="stage" defaultValue={query.stage ?? ""}>
            <option value="">Any</option>
            <option value="open">Open (any of {OPEN_STAGES.length})</option>
            {ORDER_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {stageLabel(stage)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input name="attention" type="checkbox" value="1" defaultChecked={Boolean(query.attention)} />
          Needs attention
        </label>
        {query.restaurantId && <input type="hidden" name="restaurantId" value={query.restaurantId} />}
        {query.since && <input type="hidden" name="since" value={query.since} />}
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Search
        </button>
        {(query.q || query.stage || query.attention || query.restaurantId || query.since) && (
          <Link href="/admin/orders" className={styles.filterButton}>
            Clear
          </Link>
        )}
      </form>
      {query.restaurantId && (
        <p className={styles.intro}>
          Orders of restaurant #{query.restaurantId} only. <Link href="/admin/orders">All restaurants</Link>
        </p>
      )}
      {items.length === 0 && <p className={styles.empty}>{query.attention ? "Nothing needs attention: every order out or ready has a courier." : "No orders match."}</p>}
      <ul className={styles.list} aria-label="Orders">
        {items.map((o) => (
          <li key={o.id} className={styles.card} data-order={o.id}>
            <div className={styles.orderRow}>
              <h2>
                <Link href={`/admin/orders/${o.id}`}>Order #{o.id}</Link>
              </h2>
              <Badge tone={TONE[o.status] ?? "neutral"}>{stageLabel(o.stage)}</Badge>
              <p className={styles.meta}>
                {o.restaurantId ? <Link href={`/admin/orders?restaurantId=${o.restaurantId}`}>{o.restaurantName}</Link> : o.restaurantName} ·{" "}
                <Link href={`/admin/users/${o.customerId}`}>{o.customerName}</Link>
              </p>
              <strong>{formatCents(Math.round(o.total * 100))}</strong>
            </div>
            <p className={styles.meta}>Placed {o.submittedAt ? <LocalTime at={o.submittedAt} /> : "—"}</p>
            {o.attention && (
              <p className={styles.attention} data-attention>
                {o.attention.reason} since <LocalTime at={o.attention.since} />
              </p>
            )}
          </li>
        ))}
      </ul>
      <Pager
        path="/admin/orders"
        params={{
          q: query.q,
          stage: query.stage,
          restaurantId: query.restaurantId ? String(query.restaurantId) : undefined,
          attention: query.attention,
          since: query.since,
          id: query.id ? String(query.id) : undefined,
        }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
      />
    </>
  );
}
