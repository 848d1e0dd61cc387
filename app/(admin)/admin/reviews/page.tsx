import type { Metadata } from "next";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { buttonClass } from "@/components/ui/button";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminReviews } from "@/lib/server/operators/reviews";
import { operatorReviewsQuerySchema } from "@/lib/validation/operator";

export const metadata: Metadata = { title: "Reviews" };

/** Reviews, newest first: hide one with a reason (out of the rating), or restore it; the same for the owner's reply. */
export default async function OperatorReviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorReviewsQuerySchema, await searchParams);
  const { items, nextOffset } = await listAdminReviews(operator, query);
  return (
    <>
      <h1>Reviews</h1>
      <form className={styles.filters} role="search">
        <label>
          Text or restaurant
          <input name="q" type="search" defaultValue={query.q ?? ""} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any</option>
            <option value="visible">Visible</option>
            <option value="hidden">Hidden</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Search
        </button>
      </form>
      {items.length === 0 && <p className={styles.empty}>No reviews match.</p>}
      <ul className={styles.list}>
        {items.map((r) => (
          <li key={r.id} className={styles.card} data-review={r.id}>
            <div className={styles.cardHead}>
              <h2>
                {r.restaurant.name} · {r.restaurantRating}★
              </h2>
              {r.hidden ? <Badge tone="error">Hidden</Badge> : <Badge tone="success">Visible</Badge>}
            </div>
            <p className={styles.meta}>
              by <Link href={`/admin/users/${r.author.id}`}>{r.author.firstName}</Link> · order #{r.orderId} · <LocalTime at={r.createdAt} />
            </p>
            <p className={styles.quote}>“{r.review}”</p>
            {r.hidden && (
              <p className={styles.why}>
                Hidden <LocalTime at={r.hidden.at} />: {r.hidden.reason}
              </p>
            )}
            <div className={styles.actions}>
              {r.hidden ? (
                <ActionButton url={`/api/admin/reviews/${r.id}`} action="restore" label="Restore" target={`review #${r.id}`} />
              ) : (
                <ActionButton url={`/api/admin/reviews/${r.id}`} action="hide" label="Hide" target={`review #${r.id}`} danger />
              )}
            </div>
            {r.reply && (
              <div data-reply={r.id}>
                <p className={styles.meta}>
                  Owner&apos;s reply · <LocalTime at={r.reply.updatedAt} /> {r.reply.hidden ? <Badge tone="error">Hidden</Badge> : <Badge tone="success">Visible</Badge>}
                </p>
                <p className={styles.quote}>“{r.reply.text}”</p>
                {r.reply.hidden && (
                  <p className={styles.why}>
                    Hidden <LocalTime at={r.reply.hidden.at} />: {r.reply.hidden.reason}
                  </p>
                )}
                <div className={styles.actions}>
                  {r.reply.hidden ? (
                    <ActionButton url={`/api/admin/reviews/${r.id}/reply`} action="restore" label="Restore reply" target={`the reply to review #${r.id}`} />
                  ) : (
                    <ActionButton url={`/api/admin/reviews/${r.id}/reply`} action="hide" label="Hide reply" target={`the reply to review #${r.id}`} danger />
                  )}
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pager path="/admin/reviews" params={{ q: query.q, status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />
    </>
  );
}
