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
import { listAdminCouriers } from "@/lib/server/operators/couriers";
import { operatorCouriersQuerySchema } from "@/lib/contract/operators/rules";

import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("couriers.title") };
}

const TONE = { applied: "info", approved: "success", suspended: "error" } as const;

/** Courier applications and accounts: approve, warn, suspend (after a warning and a new fault, or with a reason the courier reads), restore. */
export default async function OperatorCouriersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorCouriersQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { shell, action }] = await Promise.all([listAdminCouriers(operator, query), getT("admin"), getWords("admin")]);
  return (
    <>
      <h1>{t("couriers.title")}</h1>
      <form className={styles.filters} role="search">
        <label>
          {t("couriers.q")}
          <input name="q" type="search" defaultValue={query.q ?? ""} />
        </label>
        <label>
          {t("couriers.status")}
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">{t("couriers.any")}</option>
            <option value="applied">{t("couriers.applied")}</option>
            <option value="approved">{t("couriers.approved")}</option>
            <option value="suspended">{t("couriers.suspended")}</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("couriers.search")}
        </button>
      </form>
      {items.length === 0 && <p className={styles.empty}>{t("couriers.none")}</p>}
      <ul className={styles.list}>
        {items.map((c) => (
          <li key={c.id} className={styles.card} data-courier={c.id}>
            <div className={styles.cardHead}>
              <h2>
                <Link href={`/admin/users/${c.id}`}>{c.name}</Link>
              </h2>
              <Badge tone={TONE[c.status]}>{t(`couriers.${c.status}`)}</Badge>
            </div>
            <p className={styles.meta}>
              {c.email ?? c.phoneNumber ?? t("couriers.noContact")} ·{" "}
              {c.onShift ? t(c.activeJobs === 1 ? "couriers.onShiftOne" : "couriers.onShiftMany", { count: String(c.activeJobs) }) : t("couriers.offShift")} ·{" "}
              {t("couriers.joined")} <LocalTime at={c.createdAt} />
            </p>
            {c.releasePause && (
              <p className={styles.meta} data-release-pause>
                {t("couriers.noOffersUntil")} <LocalTime at={c.releasePause.until} />
                {t("couriers.gaveBack", { count: String(c.releasePause.releases) })}
              </p>
            )}
            <div className={styles.actions}>
              {c.status === "applied" && (
                <ActionButton url={`/api/admin/couriers/${c.id}`} action="approve" label={t("couriers.approve")} target={c.name} words={action} />
              )}
              {c.status === "applied" && (
                <ActionButton url={`/api/admin/couriers/${c.id}`} action="refuse" label={t("couriers.refuse")} target={c.name} words={action} danger />
              )}
              {c.status === "approved" && <ActionButton url={`/api/admin/couriers/${c.id}`} action="warn" label={t("couriers.warn")} target={c.name} words={action} />}
              {c.status === "approved" && (
                <ActionButton url={`/api/admin/couriers/${c.id}`} action="suspend" label={t("couriers.suspend")} target={c.name} words={action} danger override />
              )}
              {c.status === "suspended" && (
                <ActionButton url={`/api/admin/couriers/${c.id}`} action="restore" label={t("couriers.restore")} target={c.name} words={action} />
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pager path="/admin/couriers" params={{ q: query.q, status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
