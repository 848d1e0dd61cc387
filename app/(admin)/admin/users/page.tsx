import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { buttonClass } from "@/components/ui/button";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { LocalTime } from "@/components/operators/local-time";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminUsers } from "@/lib/server/operators/users";
import { operatorUsersQuerySchema } from "@/lib/contract/operators/rules";

import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("users.title") };
}

/** Find a user by email or phone (or name): their page shows orders and ledger, and suspends sign-in. */
export default async function OperatorUsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorUsersQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { shell }] = await Promise.all([listAdminUsers(operator, query), getT("admin"), getWords("admin")]);
  return (
    <>
      <h1>{t("users.title")}</h1>
      <form className={styles.filters} role="search">
        <label>
          {t("users.q")}
          <input name="q" type="search" defaultValue={query.q ?? ""} />
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("users.find")}
        </button>
      </form>
      {items.length === 0 && <p className={styles.empty}>{t("users.none")}</p>}
      <ul className={styles.list}>
        {items.map((u) => (
          <li key={u.id} className={styles.card}>
            <div className={styles.cardHead}>
              <h2>
                <Link href={`/admin/users/${u.id}`}>{u.name}</Link> <span className={styles.meta}>#{u.id}</span>
              </h2>
              {u.suspended && <Badge tone="error">{t("users.suspended")}</Badge>}
            </div>
            <p className={styles.meta}>
              {[u.email, u.phoneNumber].filter(Boolean).join(" · ") || t("users.noContact")} · {u.roles.join(", ") || t("users.customer")} · {t("users.since")}{" "}
              <LocalTime at={u.createdAt} />
            </p>
          </li>
        ))}
      </ul>
      <Pager path="/admin/users" params={{ q: query.q }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
