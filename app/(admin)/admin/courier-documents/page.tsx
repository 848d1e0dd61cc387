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
import { CHECK_STATUS_LABELS, DOCUMENT_LABELS, DOCUMENT_STATUS_LABELS, DOCUMENT_STATUSES, VEHICLE_LABELS } from "@/lib/shared/courier-onboarding";
import { documentQueueQuerySchema } from "@/lib/validation/courier-onboarding";

export const metadata: Metadata = { title: "Courier documents" };

const TABS = { pending: "To review", resubmit: "Asked again", rejected: "Refused", approved: "Approved" } as const;

/**
 * The courier documents' review queue (lib/server/onboarding/review.ts): oldest first, each with
 * its photo, the courier's vehicle and background check, and the three decisions (approve, ask
 * again with a reason, reject with a reason), each audited and told to the courier.
 */
export default async function CourierDocumentsQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(documentQueueQuerySchema, await searchParams);
  const { items, nextOffset } = await documentQueue(operator, query);
  return (
    <>
      <h1>Courier documents</h1>
      <nav className={`${styles.tabs} ${styles.tabsScroll}`} aria-label="Document statuses">
        {DOCUMENT_STATUSES.map((status) => (
          <Link
            key={status}
            href={status === "pending" ? "/admin/courier-documents" : `/admin/courier-documents?status=${status}`}
            aria-current={query.status === status ? "page" : undefined}
          >
            {TABS[status]}
          </Link>
        ))}
      </nav>
      <p className={styles.intro}>
        A scooter or a car delivers only with its driving licence and insurance approved and in date. Check the photo against the courier&apos;s name and the expiry date
        they typed; ask again when it is unreadable, refuse it when it is not genuine.
      </p>
      {items.length === 0 && <p className={styles.empty}>{query.status === "pending" ? "No documents waiting for review." : "None."}</p>}
      <ul className={styles.list} aria-label="Courier documents">
        {items.map((d) => {
          const what = `${d.courier.name}'s ${DOCUMENT_LABELS[d.kind].toLowerCase()}`;
          return (
            <li key={d.id} className={styles.card} data-document={d.id}>
              <div className={styles.cardHead}>
                <h2>
                  <Link href={`/admin/users/${d.courier.id}`}>{d.courier.name || `Courier ${d.courier.id}`}</Link> · {DOCUMENT_LABELS[d.kind]}
                </h2>
                <Badge tone={d.status === "approved" ? "success" : d.status === "pending" ? "info" : "error"}>{DOCUMENT_STATUS_LABELS[d.status]}</Badge>
              </div>
              <p className={styles.meta}>
                {VEHICLE_LABELS[d.courier.vehicle]} · background check {CHECK_STATUS_LABELS[d.courier.backgroundCheck].toLowerCase()} · expires on {d.expiresOn} ·
                uploaded <LocalTime at={d.uploadedAt} />
              </p>
              {d.reason && <p className={styles.quote}>“{d.reason}”</p>}
              <a href={d.photoUrl} target="_blank" rel="noreferrer">
                {/* eslint-disable-next-line @next/next/no-img-element -- a private photo served by its own route, no optimisation */}
                <img src={d.photoUrl} alt={`Photo of ${what}`} width={320} height={200} style={{ maxWidth: "100%", height: "auto", objectFit: "contain" }} />
              </a>
              {d.status === "pending" && (
                <div className={styles.actions}>
                  <ActionButton url={`/api/admin/courier-documents/${d.id}`} action="approve" label="Approve" target={what} />
                  <ActionButton url={`/api/admin/courier-documents/${d.id}`} action="resubmit" label="Ask again" target={what} prompt="What the courier should fix" />
                  <ActionButton url={`/api/admin/courier-documents/${d.id}`} action="reject" label="Reject" target={what} danger />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Pager path="/admin/courier-documents" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />
    </>
  );
}
