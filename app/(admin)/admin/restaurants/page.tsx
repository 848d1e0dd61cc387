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
import { listAdminRestaurants } from "@/lib/server/operators/restaurants";
import { operatorRestaurantsQuerySchema } from "@/lib/contract/operators/rules";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("restaurants.title") };
}

const TONE = { taking: "success", closed: "neutral", suspended: "error" } as const;

/** Search restaurants; suspend or restore one with a reason; set its commission. */
export default async function OperatorRestaurantsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorRestaurantsQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { shell, action }, locale] = await Promise.all([
    listAdminRestaurants(operator, query),
    getT("admin"),
    getWords("admin"),
    requestLocale(),
  ]);
  return (
    <>
      <h1>{t("restaurants.title")}</h1>
      <form className={styles.filters} role="search">
        <label>
          {t("restaurants.q")}
          <input name="q" type="search" defaultValue={query.q ?? ""} />
        </label>
        <label>
          {t("restaurants.status")}
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">{t("restaurants.any")}</option>
            <option value="taking">{t("restaurants.taking")}</option>
            <option value="closed">{t("restaurants.closed")}</option>
            <option value="suspended">{t("restaurants.suspended")}</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("restaurants.search")}
        </button>
      </form>
      {items.length === 0 && <p className={styles.empty}>{t("restaurants.none")}</p>}
      <ul className={styles.list}>
        {items.map((r) => (
          <li key={r.id} className={styles.card} data-restaurant={r.id}>
            <div className={styles.cardHead}>
              <h2>
                {r.status === "suspended" ? r.name : <Link href={`/restaurants/${r.id}`}>{r.name}</Link>} <span className={styles.meta}>#{r.id}</span>
              </h2>
              <Badge tone={TONE[r.status]}>{t(`restaurants.${r.status}`)}</Badge>
            </div>
            <p className={styles.meta}>
              {r.cuisineType} · {r.city}, {r.state} · {t("restaurants.owner")} <Link href={`/admin/users/${r.owner.id}`}>{r.owner.name}</Link>
              {r.owner.email ? ` (${r.owner.email})` : ""} ·{" "}
              {t(r.rating == null ? "restaurants.noRating" : "restaurants.rating", {
                rating: r.rating?.toLocaleString(locale, { maximumFractionDigits: 1 }) ?? "",
                reviews: t(r.numReviews === 1 ? "restaurants.reviewOne" : "restaurants.reviewMany", { count: String(r.numReviews) }),
              })}{" "}
              · {t("restaurants.commission")}{" "}
              {r.commissionPercent === null ? t("restaurants.defaultCommission", { percent: String(r.defaultCommissionPercent) }) : `${r.commissionPercent}%`}
            </p>
            {r.suspendedAt && (
              <p className={styles.why}>
                {t("restaurants.suspendedAt")} <LocalTime at={r.suspendedAt} />: {r.suspensionReason}
              </p>
            )}
            <div className={styles.actions}>
              {r.status === "suspended" ? (
                <ActionButton url={`/api/admin/restaurants/${r.id}`} action="restore" label={t("restaurants.restore")} target={r.name} words={action} />
              ) : (
                <ActionButton url={`/api/admin/restaurants/${r.id}`} action="suspend" label={t("restaurants.suspend")} target={r.name} danger words={action} />
              )}
              <ActionButton
                url={`/api/admin/restaurants/${r.id}`}
                action="commission"
                label={t("restaurants.setCommission")}
                target={r.name}
                words={action}
                commission={{ current: r.commissionPercent, fallback: r.defaultCommissionPercent }}
              />
              <Link href={`/admin/restaurants/${r.id}/offers`}>{t("restaurants.offers")}</Link>
              <Link href={`/admin/audit?targetType=restaurant&targetId=${r.id}`}>{t("restaurants.history")}</Link>
            </div>
          </li>
        ))}
      </ul>
      <Pager path="/admin/restaurants" params={{ q: query.q, status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
