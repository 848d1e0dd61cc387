"use client";
import { lazy, Suspense, useState } from "react";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { DOCUMENT_KINDS, type DocumentKind, type OnboardingJson } from "@/lib/shared/delivery/courier-onboarding";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatDay } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./courier.module.css";
import { TitledSection } from "@/components/ui/titled-section";

// The upload form loads after the page's own code (the route's first-load budget); the server still renders it.
const DocumentUpload = lazy(() => import("./document-upload").then((m) => ({ default: m.DocumentUpload })));

const TONE = { pending: "info", approved: "success", resubmit: "error", rejected: "error" } as const;

/**
 * The courier's documents: whether they may go on shift (and why not), the background check, each
 * document's newest upload with its review and expiry, and the upload form (a photo and the
 * expiry date printed on it). Errors sit beside their field.
 */
export function CourierDocuments({
  initial,
  courier,
  words: w,
  vehicles,
  locale,
}: {
  initial: OnboardingJson;
  courier: boolean;
  words: Words<"courier">["documents"];
  vehicles: Words<"courier">["vehicles"];
  /** The expiry dates' language: "30 jun 2028", "Jun 30, 2028". */
  locale: Locale;
}) {
  const [onboarding, setOnboarding] = useState(initial);
  const newest = (kind: DocumentKind) => onboarding.documents.find((d) => d.kind === kind);

  return (
    <div className={styles.app}>
      <h1 className={styles.shiftTitle}>{w.title}</h1>
      <section className={`${styles.card} ${onboarding.blocked ? "" : styles.shiftOn}`} aria-labelledby="docs-status">
        <h2 id="docs-status">{onboarding.blocked ? w.notReady : w.ready}</h2>
        <p role="status">{onboarding.blocked ?? w.inOrder}</p>
        <p className={styles.muted}>{fill(w.vehicleCheck, { vehicle: vehicles[onboarding.vehicle], check: w.checks[onboarding.backgroundCheck.status] })}</p>
      </section>

      {onboarding.needsDocuments ? (
        <>
          <TitledSection id="docs-list" title={w.list} className={styles.card}>
            <ul className={styles.docList}>
              {DOCUMENT_KINDS.map((kind) => {
                const d = newest(kind);
                return (
                  <li key={kind} className={styles.docItem} data-document={kind}>
                    <div className={styles.offerHead}>
                      <strong>{w.kinds[kind]}</strong>
                      {d ? (
                        <Badge tone={d.expired && d.status === "approved" ? "error" : TONE[d.status]}>
                          {d.expired && d.status === "approved" ? w.expired : w.statuses[d.status]}
                        </Badge>
                      ) : (
                        <Badge>{w.notUploaded}</Badge>
                      )}
                    </div>
                    {d && <p className={styles.muted}>{fill(w.expiresOn, { date: formatDay(d.expiresOn, locale) })}</p>}
                    {d?.reason && <p className={styles.why}>{fill(w.says, { reason: d.reason })}</p>}
                    {d?.expiresSoon && <p className={styles.why}>{w.expiresSoon}</p>}
                  </li>
                );
              })}
            </ul>
          </TitledSection>
          <TitledSection id="docs-upload" title={w.upload} className={styles.card}>
            <Suspense fallback={null}>
              <DocumentUpload words={w} onUploaded={setOnboarding} />
            </Suspense>
          </TitledSection>
        </>
      ) : (
        <p className={styles.card}>{fill(w.noDocuments, { vehicle: vehicles[onboarding.vehicle].toLowerCase() })}</p>
      )}
      <p>
        <Link href="/courier">{courier ? w.back : w.application}</Link>
        {courier && w.payoutAccount}
      </p>
    </div>
  );
}
