import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import Link from "@/components/ui/link";
import { lowRatedCouriers, recentThumbsDown } from "@/lib/server/courier-ratings/operator-lists";
import { requireOperatorPage } from "@/lib/server/web/page";
import { pagingSchema } from "@/lib/validation/browse";
import { lowRatedQuerySchema } from "@/lib/validation/courier-rating-operator";

export const metadata: Metadata = { title: "Courier ratings" };

type Search = Record<string, string | string[] | undefined>;

/**
 * Low courier ratings (docs/architecture/courier-screens.md "Ratings"): the
 * couriers under COURIER_RATING_ALERT, lowest first, or the recent thumbs down with the reason and
 * the customer's words; each links to the order (and the courier) in the console.
 */
export default async function OperatorCourierRatingsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const operator = await requireOperatorPage();
  const search = await searchParams;
  const view = search.view === "down" ? "down" : "low";
  return (
    <>
      <h1>Courier ratings</h1>
      <nav className={styles.tabs} aria-label="Low-rated couriers or recent thumbs down">
        <Link href="/admin/courier-ratings" aria-current={view === "low" ? "page" : undefined}>
          Low-rated couriers
        </Link>
        <Link href="/admin/courier-ratings?view=down" aria-current={view === "down" ? "page" : undefined}>
          Recent thumbs down
        </Link>
      </nav>
      {view === "low" ? <LowRated operator={operator} search={search} /> : <ThumbsDown operator={operator} search={search} />}
    </>
  );
}

// The console's shared table (operator-table.tsx): one line a cell, scrolled sideways on a phone; the customer's words wrap.
const lowColumns: OperatorColumn<Awaited<ReturnType<typeof lowRatedCouriers>>["items"][number]>[] = [
  { header: "Courier", cell: (c) => <Link href={`/admin/users/${c.id}`}>{c.name}</Link>, rowHeader: true },
  { header: "Thumbs up", cell: (c) => `${c.upPercent}%` },
  { header: "Ratings", cell: (c) => `${c.count} (${c.down} down)` },
  { header: "Latest thumbs down", cell: (c) => (c.lastDownOrderId ? <Link href={`/admin/orders?id=${c.lastDownOrderId}`}>Order #{c.lastDownOrderId}</Link> : "") },
];
const downColumns: OperatorColumn<Awaited<ReturnType<typeof recentThumbsDown>>["items"][number]>[] = [
  { header: "Order", cell: (r) => <Link href={`/admin/orders?id=${r.orderId}`}>Order #{r.orderId}</Link>, rowHeader: true },
  { header: "Courier", cell: (r) => <Link href={`/admin/users/${r.courier.id}`}>{r.courier.name}</Link> },
  {
    header: "Reason",
    cell: (r) => (
      <>
        {r.reasonLabel}
        {r.note && <span className={styles.meta}> · “{r.note}”</span>}
      </>
    ),
    wide: true,
  },
  { header: "Rated", cell: (r) => <LocalTime at={r.at} /> },
];

type ListProps = { operator: Awaited<ReturnType<typeof requireOperatorPage>>; search: Search };

async function LowRated({ operator, search }: ListProps) {
  const query = pageQuery(lowRatedQuerySchema, search);
  const { items, nextOffset, belowPercent, minRatings } = await lowRatedCouriers(operator, query);
  return (
    <>
      <p className={styles.meta}>
        Under {belowPercent}% thumbs up over their last 100 rated deliveries, with at least {minRatings} {minRatings === 1 ? "rating" : "ratings"}.
      </p>
      <OperatorTable columns={lowColumns} rows={items} rowKey={(c) => c.id} empty="No courier is under the threshold." />
      <Pager
        path="/admin/courier-ratings"
        params={{ below: query.below ? String(query.below) : undefined, min: query.min ? String(query.min) : undefined }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
      />
    </>
  );
}

async function ThumbsDown({ operator, search }: ListProps) {
  const query = pageQuery(pagingSchema, search);
  const { items, nextOffset } = await recentThumbsDown(operator, query);
  return (
    <>
      <OperatorTable columns={downColumns} rows={items} rowKey={(r) => r.id} empty="No thumbs down." />
      <Pager path="/admin/courier-ratings" params={{ view: "down" }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />
    </>
  );
}
