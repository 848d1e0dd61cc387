import type { Metadata } from "next";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { buttonClass } from "@/components/ui/button";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { COURIER_STATUS_LABELS } from "@/components/operators/labels";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminCouriers } from "@/lib/server/operators/couriers";
import { operatorCouriersQuerySchema } from "@/lib/validation/operator";

export const metadata: Metadata = { title: "Couriers" };

const TONE = { applied: "info", approved: "success", suspended: "error" } as const;

/** Courier applications and accounts: approve, warn, suspend (after a warning, or on a safety report), restore. */
export default async function OperatorCouriersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorCouriersQuerySchema, await searchParams);
  const { items, nextOffset } = await listAdminCouriers(operator, query);
  return (
    <>
      <h1>Couriers</h1>
      <form className={styles.filters} role="search">
        <label>
          Name or email
          <input name="q" type="search" defaultValue={query.q ?? ""} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any</option>
            <option value="applied">Applied</option>
            <option value="approved">Approved</option>
            <option value="suspended">Suspended</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Search
        </button>
      </form>
      {items.length === 0 && <p className={styles.empty}>No couriers match.</p>}
      <ul className={styles.list}>
        {items.map((c) => (
          <li key={c.id} className={styles.card} data-courier={c.id}>
            <div className={styles.cardHead}>
              <h2>
                <Link href={`/admin/users/${c.id}`}>{c.name}</Link>
              </h2>
              <Badge tone={TONE[c.status]}>{COURIER_STATUS_LABELS[c.status]}</Badge>
            </div>
            <p className={styles.meta}>
              {c.email ?? c.phoneNumber ?? "no contact"} · {c.onShift ? `on shift, holding ${c.activeJobs} ${c.activeJobs === 1 ? "job" : "jobs"} now` : "off shift"} ·
              joined <LocalTime at={c.createdAt} />
            </p>
            {c.releasePause && (
              <p className={styles.meta} data-release-pause>
                No offers until <LocalTime at={c.releasePause.until} />: gave back {c.releasePause.releases} accepted jobs within an hour
              </p>
            )}
            <div className={styles.actions}>
              {c.status === "applied" && <ActionButton url={`/api/admin/couriers/${c.id}`} action="approve" label="Approve" target={c.name} />}
              {c.status === "applied" && <ActionButton url={`/api/admin/couriers/${c.id}`} action="refuse" label="Refuse" target={c.name} danger />}
              {c.status === "approved" && <ActionButton url={`/api/admin/couriers/${c.id}`} action="warn" label="Warn" target={c.name} />}
              {c.status === "approved" && <ActionButton url={`/api/admin/couriers/${c.id}`} action="suspend" label="Suspend" target={c.name} danger safety />}
              {c.status === "suspended" && <ActionButton url={`/api/admin/couriers/${c.id}`} action="restore" label="Restore" target={c.name} />}
            </div>
          </li>
        ))}
      </ul>
      <Pager path="/admin/couriers" params={{ q: query.q, status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />
    </>
  );
}
