import type { Metadata } from "next";
import { reviewCount } from "@/components/browse/format";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { buttonClass } from "@/components/ui/button";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminRestaurants } from "@/lib/server/operators/restaurants";
import { operatorRestaurantsQuerySchema } from "@/lib/validation/operator";

export const metadata: Metadata = { title: "Restaurants" };

const TONE = { taking: "success", closed: "neutral", suspended: "error" } as const;
const LABEL = { taking: "Taking orders", closed: "Closed by owner", suspended: "Suspended" } as const;

/** Search restaurants; suspend or restore one with a reason; set its commission. */
export default async function OperatorRestaurantsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorRestaurantsQuerySchema, await searchParams);
  const { items, nextOffset } = await listAdminRestaurants(operator, query);
  return (
    <>
      <h1>Restaurants</h1>
      <form className={styles.filters} role="search">
        <label>
          Name, city or id
          <input name="q" type="search" defaultValue={query.q ?? ""} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any</option>
            <option value="taking">Taking orders</option>
            <option value="closed">Closed by owner</option>
            <option value="suspended">Suspended</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Search
        </button>
      </form>
      {items.length === 0 && <p className={styles.empty}>No restaurants match.</p>}
      <ul className={styles.list}>
        {items.map((r) => (
          <li key={r.id} className={styles.card} data-restaurant={r.id}>
            <div className={styles.cardHead}>
              <h2>
                {r.status === "suspended" ? r.name : <Link href={`/restaurants/${r.id}`}>{r.name}</Link>} <span className={styles.meta}>#{r.id}</span>
              </h2>
              <Badge tone={TONE[r.status]}>{LABEL[r.status]}</Badge>
            </div>
            <p className={styles.meta}>
              {r.cuisineType} · {r.city}, {r.state} · owner <Link href={`/admin/users/${r.owner.id}`}>{r.owner.name}</Link>
              {r.owner.email ? ` (${r.owner.email})` : ""} · {r.rating ?? "no"} rating, {reviewCount(r.numReviews)} · commission{" "}
              {r.commissionPercent === null ? `${r.defaultCommissionPercent}% (default)` : `${r.commissionPercent}%`}
            </p>
            {r.suspendedAt && (
              <p className={styles.why}>
                Suspended <LocalTime at={r.suspendedAt} />: {r.suspensionReason}
              </p>
            )}
            <div className={styles.actions}>
              {r.status === "suspended" ? (
                <ActionButton url={`/api/admin/restaurants/${r.id}`} action="restore" label="Restore" target={r.name} />
              ) : (
                <ActionButton url={`/api/admin/restaurants/${r.id}`} action="suspend" label="Suspend" target={r.name} danger />
              )}
              <ActionButton
                url={`/api/admin/restaurants/${r.id}`}
                action="commission"
                label="Set commission"
                target={r.name}
                commission={{ current: r.commissionPercent, fallback: r.defaultCommissionPercent }}
              />
              <Link href={`/admin/audit?targetType=restaurant&targetId=${r.id}`}>History</Link>
            </div>
          </li>
        ))}
      </ul>
      <Pager path="/admin/restaurants" params={{ q: query.q, status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />
    </>
  );
}
