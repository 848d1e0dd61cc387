import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import Link from "@/components/ui/link";
import { lowRatedCouriers, recentThumbsDown } from "@/lib/server/courier-ratings/operator-lists";
import { requireOperatorPage } from "@/lib/server/web/page";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { lowRatedQuerySchema } from "@/lib/contract/couriers/operator-rating-rules";

import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { getT, getWords } from "@/lib/i18n/translate";
import { ViewTabs } from "@/components/operators/view-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("ratings.title") };
}

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
  const { ratings: words } = await getWords("admin");
  return (
    <>
      <h1>{words.title}</h1>
      <ViewTabs label={words.tabs} path="/admin/courier-ratings" query="view=down" second={view === "down"} names={[words.low, words.down]} />
      {view === "low" ? <LowRated operator={operator} search={search} /> : <ThumbsDown operator={operator} search={search} />}
    </>
  );
}

// The console's shared table (operator-table.tsx): one line a cell, scrolled sideways on a phone; the customer's words wrap.
type RatingWords = Words<"admin">["ratings"];
const lowColumns = (words: RatingWords): OperatorColumn<Awaited<ReturnType<typeof lowRatedCouriers>>["items"][number]>[] => [
  { header: words.courier, cell: (c) => <Link href={`/admin/users/${c.id}`}>{c.name}</Link>, rowHeader: true },
  { header: words.thumbsUp, cell: (c) => `${c.upPercent}%` },
  { header: words.ratings, cell: (c) => fill(words.ratingsCount, { count: c.count, down: c.down }) },
  {
    header: words.latestDown,
    cell: (c) => (c.lastDownOrderId ? <Link href={`/admin/orders?id=${c.lastDownOrderId}`}>{fill(words.orderN, { id: c.lastDownOrderId })}</Link> : ""),
  },
];
const downColumns = (words: RatingWords): OperatorColumn<Awaited<ReturnType<typeof recentThumbsDown>>["items"][number]>[] => [
  { header: words.order, cell: (r) => <Link href={`/admin/orders?id=${r.orderId}`}>{fill(words.orderN, { id: r.orderId })}</Link>, rowHeader: true },
  { header: words.courier, cell: (r) => <Link href={`/admin/users/${r.courier.id}`}>{r.courier.name}</Link> },
  {
    header: words.reason,
    cell: (r) => (
      <>
        {r.reasonLabel}
        {r.note && <span className={styles.meta}> · “{r.note}”</span>}
      </>
    ),
    wide: true,
  },
  { header: words.rated, cell: (r) => <LocalTime at={r.at} /> },
];

type ListProps = { operator: Awaited<ReturnType<typeof requireOperatorPage>>; search: Search };

async function LowRated({ operator, search }: ListProps) {
  const query = pageQuery(lowRatedQuerySchema, search);
  const [{ items, nextOffset, belowPercent, minRatings }, t, { ratings: words, shell }] = await Promise.all([
    lowRatedCouriers(operator, query),
    getT("admin"),
    getWords("admin"),
  ]);
  return (
    <>
      <p className={styles.meta}>{t(minRatings === 1 ? "ratings.underOne" : "ratings.underMany", { percent: String(belowPercent), min: String(minRatings) })}</p>
      <OperatorTable columns={lowColumns(words)} rows={items} rowKey={(c) => c.id} empty={words.noneUnder} />
      <Pager
        path="/admin/courier-ratings"
        params={{ below: query.below ? String(query.below) : undefined, min: query.min ? String(query.min) : undefined }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
        words={shell}
      />
    </>
  );
}

async function ThumbsDown({ operator, search }: ListProps) {
  const query = pageQuery(pagingSchema, search);
  const [{ items, nextOffset }, { ratings: words, shell }] = await Promise.all([recentThumbsDown(operator, query), getWords("admin")]);
  return (
    <>
      <OperatorTable columns={downColumns(words)} rows={items} rowKey={(r) => r.id} empty={words.noneDown} />
      <Pager path="/admin/courier-ratings" params={{ view: "down" }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
