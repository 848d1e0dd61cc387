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
import { operatorReviewsQuerySchema } from "@/lib/contract/operators/rules";

import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("reviews.title") };
}

/** Reviews, newest first: hide one with a reason (out of the rating), or restore it; the same for the owner's reply. */
export default async function OperatorReviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorReviewsQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { shell, action }] = await Promise.all([listAdminReviews(operator, query), getT("admin"), getWords("admin")]);
  return (
    <>
      <h1>{t("reviews.title")}</h1>
      <form className={styles.filters} role="search">
        <label>
          {t("reviews.q")}
          <input name="q" type="search" defaultValue={query.q ?? ""} />
        </label>
        <label>
          {t("reviews.status")}
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">{t("reviews.any")}</option>
            <option value="visible">{t("reviews.visible")}</option>
            <option value="hidden">{t("reviews.hidden")}</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("reviews.search")}
        </button>
      </form>
      {items.length === 0 && <p className={styles.empty}>{t("reviews.none")}</p>}
      <ul className={styles.list}>
        {items.map((r) => (
          <li key={r.id} className={styles.card} data-review={r.id}>
            <div className={styles.cardHead}>
              <h2>
                {r.restaurant.name} · {r.restaurantRating}★
              </h2>
              {r.hidden ? <Badge tone="error">{t("reviews.hidden")}</Badge> : <Badge tone="success">{t("reviews.visible")}</Badge>}
            </div>
            <p className={styles.meta}>
              {t("reviews.by")} <Link href={`/admin/users/${r.author.id}`}>{r.author.firstName}</Link> · {t("reviews.order", { id: String(r.orderId) })} ·{" "}
              <LocalTime at={r.createdAt} />
            </p>
            <p className={styles.quote}>“{r.review}”</p>
            {r.hidden && (
              <p className={styles.why}>
                {t("reviews.hiddenAt")} <LocalTime at={r.hidden.at} />: {r.hidden.reason}
              </p>
            )}
            <div className={styles.actions}>
              <ActionButton
                url={`/api/admin/reviews/${r.id}`}
                action={r.hidden ? "restore" : "hide"}
                label={t(r.hidden ? "reviews.restore" : "reviews.hide")}
                target={t("reviews.target", { id: String(r.id) })}
                danger={!r.hidden}
                words={action}
              />
            </div>
            {r.reply && (
              <div data-reply={r.id}>
                <p className={styles.meta}>
                  {t("reviews.ownerReply")} · <LocalTime at={r.reply.updatedAt} />{" "}
                  {r.reply.hidden ? <Badge tone="error">{t("reviews.hidden")}</Badge> : <Badge tone="success">{t("reviews.visible")}</Badge>}
                </p>
                <p className={styles.quote}>“{r.reply.text}”</p>
                {r.reply.hidden && (
                  <p className={styles.why}>
                    {t("reviews.hiddenAt")} <LocalTime at={r.reply.hidden.at} />: {r.reply.hidden.reason}
                  </p>
                )}
                <div className={styles.actions}>
                  <ActionButton
                    url={`/api/admin/reviews/${r.id}/reply`}
                    action={r.reply.hidden ? "restore" : "hide"}
                    label={t(r.reply.hidden ? "reviews.restoreReply" : "reviews.hideReply")}
                    target={t("reviews.replyTarget", { id: String(r.id) })}
                    danger={!r.reply.hidden}
                    words={action}
                  />
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pager path="/admin/reviews" params={{ q: query.q, status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
