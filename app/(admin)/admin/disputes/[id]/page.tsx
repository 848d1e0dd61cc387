import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { DisputeBadge } from "@/components/operators/dispute-badge";
import { DisputeEvidenceForm } from "@/components/operators/dispute-evidence-form";
import { LocalTime } from "@/components/operators/local-time";
import Link from "@/components/ui/link";
import { disputeDetail, type DisputeDetailJson } from "@/lib/server/operators/disputes";
import { requireOperatorPage } from "@/lib/server/web/page";
import { ApiError } from "@/lib/server/platform/errors";
import { idFromText } from "@/lib/shared/web/id-pattern";
import { formatCents } from "@/lib/shared/money/money";
import { minorPerMajor } from "@/lib/shared/money/currency";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { TitledSection } from "@/components/ui/titled-section";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("dispute.title") };
}

/** One piece of evidence: its text kept as written (lines), or what is missing said so. */
function Piece({ term, text, missing }: { term: string; text: string | null; missing: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{text || missing}</dd>
    </>
  );
}

/** A dispute: its amount and status, the evidence gathered from the order (or as it was sent), and the one submission. */
export default async function OperatorDisputePage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperatorPage();
  const id = idFromText((await params).id);
  if (id === null) notFound();
  let dispute: DisputeDetailJson;
  try {
    dispute = await disputeDetail(operator, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
  const { evidence } = dispute;
  const open = dispute.status === "needs_response" && !dispute.evidenceSubmittedAt;
  const [t, words, locale] = await Promise.all([getT("admin"), getWords("admin"), requestLocale()]);
  const disputeNo = String(dispute.id);
  return (
    <>
      <p className={styles.intro}>
        <Link href="/admin/disputes">{t("dispute.back")}</Link>
      </p>
      <div className={styles.cardHead}>
        <h1>{t("dispute.heading", { id: disputeNo })}</h1>
        <DisputeBadge status={dispute.status} labels={words.disputes.status} />
      </div>
      <p className={styles.meta}>
        {t("dispute.disputed", {
          amount: formatCents(Math.round(dispute.amount * minorPerMajor(dispute.currency)), { locale, currency: dispute.currency }),
          reason: dispute.reason.replace(/_/g, " "),
        })}
        {dispute.orderId !== null && (
          <>
            {" "}
            {t("dispute.on")} <Link href={`/admin/orders/${dispute.orderId}`}>{t("dispute.order", { id: String(dispute.orderId) })}</Link>
          </>
        )}
        {dispute.restaurant && t("dispute.from", { name: dispute.restaurant.name })} · {t("dispute.opened")} <LocalTime at={dispute.createdAt} />
        {dispute.evidenceDueBy && open && (
          <>
            {" "}
            · {t("dispute.evidenceDue")} <LocalTime at={dispute.evidenceDueBy} />
          </>
        )}
      </p>
      <p className={styles.why}>
        {dispute.withdrawn
          ? dispute.absorbedAt
            ? t("dispute.absorbed")
            : dispute.status === "won"
              ? t("dispute.won")
              : dispute.status === "lost"
                ? t("dispute.lost")
                : t("dispute.held")
          : t("dispute.notAnOrder")}
      </p>
      {dispute.withdrawn && !dispute.absorbedAt && (dispute.status === "needs_response" || dispute.status === "under_review") && (
        <div className={styles.actions} aria-label={t("dispute.actions")}>
          <ActionButton
            url={`/api/admin/disputes/${dispute.id}`}
            action="absorb"
            label={t("dispute.absorb")}
            target={t("dispute.target", { id: disputeNo })}
            words={words.action}
          />
        </div>
      )}
      <TitledSection id="evidence" title={dispute.evidenceSubmittedAt ? t("dispute.evidenceSent") : t("dispute.evidenceGathered")} className={styles.card}>
        <dl className={styles.evidence}>
          <Piece term={t("dispute.receipt")} text={evidence.receipt} missing={t("dispute.noReceipt")} />
          <Piece term={t("dispute.customer")} text={[evidence.customerName, evidence.customerEmail].filter(Boolean).join(", ")} missing={t("dispute.unknown")} />
          <Piece term={t("dispute.deliveredTo")} text={evidence.shippingAddress} missing={t("dispute.noAddress")} />
          <Piece term={t("dispute.photo")} text={evidence.deliveryPhoto} missing={t("dispute.noPhoto")} />
          <Piece term={t("dispute.positions")} text={evidence.positionTrail} missing={t("dispute.noPositions")} />
          <Piece term={t("dispute.messages")} text={evidence.messages} missing={t("dispute.noMessages")} />
          {dispute.evidenceSubmittedAt && <Piece term={t("dispute.why")} text={evidence.explanation} missing="" />}
        </dl>
      </TitledSection>
      {dispute.evidenceSubmittedAt ? (
        <p className={styles.meta} data-evidence-sent>
          {t("dispute.sentAt")} <LocalTime at={dispute.evidenceSubmittedAt} />.
        </p>
      ) : open ? (
        <DisputeEvidenceForm disputeId={dispute.id} words={words.dispute.form} />
      ) : null}
    </>
  );
}
