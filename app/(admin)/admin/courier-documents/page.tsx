import type { Metadata } from "next";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { documentQueue } from "@/lib/server/onboarding/review";
import { DOCUMENT_STATUSES } from "@/lib/shared/delivery/courier-onboarding";
import { documentQueueQuerySchema } from "@/lib/contract/couriers/onboarding-rules";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { formatDay } from "@/lib/shared/time/format-date";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("documents.title") };
}

/**
 * The courier documents' review queue (lib/server/onboarding/review.ts): oldest first, each with
 * its photo, the courier's vehicle and background check, and the three decisions (approve, ask
 * again with a reason, reject with a reason), each audited and told to the courier.
 */
export default async function CourierDocumentsQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(documentQueueQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { documents: words, shell, action }, locale] = await Promise.all([
    documentQueue(operator, query),
    getT("admin"),
    getWords("admin"),
    requestLocale(),
  ]);
  return (
    <>
      <h1>{words.title}</h1>
      <nav className={`${styles.tabs} ${styles.tabsScroll}`} aria-label={words.tabsLabel}>
        {DOCUMENT_STATUSES.map((status) => (
          <Link
            key={status}
            href={status === "pending" ? "/admin/courier-documents" : `/admin/courier-documents?status=${status}`}
            aria-current={query.status === status ? "page" : undefined}
          >
            {words.tabs[status]}
          </Link>
        ))}
      </nav>
      <p className={styles.intro}>{words.intro}</p>
      {items.length === 0 && <p className={styles.empty}>{query.status === "pending" ? words.noneWaiting : words.none}</p>}
      <ul className={styles.list} aria-label={words.title}>
        {items.map((d) => {
          const what = t("documents.what", { name: d.courier.name, kind: words.kinds[d.kind].toLowerCase() });
          return (
            <li key={d.id} className={styles.card} data-document={d.id}>
              <div className={styles.cardHead}>
                <h2>
                  <Link href={`/admin/users/${d.courier.id}`}>{d.courier.name || t("documents.courier", { id: String(d.courier.id) })}</Link> · {words.kinds[d.kind]}
                </h2>
                <Badge tone={d.status === "approved" ? "success" : d.status === "pending" ? "info" : "error"}>{words.status[d.status]}</Badge>
              </div>
              <p className={styles.meta}>
                {t("documents.line", {
                  vehicle: words.vehicles[d.courier.vehicle],
                  check: words.checks[d.courier.backgroundCheck],
                  expires: formatDay(d.expiresOn, locale),
                })}{" "}
                {words.uploaded} <LocalTime at={d.uploadedAt} />
              </p>
              {d.reason && <p className={styles.quote}>“{d.reason}”</p>}
              <a href={d.photoUrl} target="_blank" rel="noreferrer">
                {/* eslint-disable-next-line @next/next/no-img-element -- a private photo served by its own route, no optimisation */}
                <img src={d.photoUrl} alt={t("documents.photo", { what })} width={320} height={200} style={{ maxWidth: "100%", height: "auto", objectFit: "contain" }} />
              </a>
              {d.status === "pending" && (
                <div className={styles.actions}>
                  <ActionButton url={`/api/admin/courier-documents/${d.id}`} action="approve" label={words.approve} target={what} words={action} />
                  <ActionButton
                    url={`/api/admin/courier-documents/${d.id}`}
                    action="resubmit"
                    label={words.askAgain}
                    target={what}
                    prompt={words.askPrompt}
                    words={action}
                  />
                  <ActionButton url={`/api/admin/courier-documents/${d.id}`} action="reject" label={words.reject} target={what} danger words={action} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Pager path="/admin/courier-documents" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
