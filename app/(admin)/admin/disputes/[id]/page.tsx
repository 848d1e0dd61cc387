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
import { idFromText } from "@/lib/shared/id-pattern";
import { formatCents } from "@/lib/shared/money";

export const metadata: Metadata = { title: "Dispute" };

const dollars = (amount: number) => formatCents(Math.round(amount * 100));

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
  return (
    <>
      <p className={styles.intro}>
        <Link href="/admin/disputes">← Disputes</Link>
      </p>
      <div className={styles.cardHead}>
        <h1>Dispute #{dispute.id}</h1>
        <DisputeBadge status={dispute.status} />
      </div>
      <p className={styles.meta}>
        {dollars(dispute.amount)} disputed ({dispute.reason.replace(/_/g, " ")})
        {dispute.orderId !== null && (
          <>
            {" "}
            on <Link href={`/admin/orders/${dispute.orderId}`}>order #{dispute.orderId}</Link>
          </>
        )}
        {dispute.restaurant && <> from {dispute.restaurant.name}</>} · opened <LocalTime at={dispute.createdAt} />
        {dispute.evidenceDueBy && open && (
          <>
            {" "}
            · evidence due <LocalTime at={dispute.evidenceDueBy} />
          </>
        )}
      </p>
      <p className={styles.why}>
        {dispute.withdrawn
          ? dispute.absorbedAt
            ? "Absorbed by Nosh: the restaurant was paid the amount back; if the dispute is won, the money comes back to Nosh."
            : dispute.status === "won"
              ? "Won: the amount went back to the restaurant's earnings."
              : dispute.status === "lost"
                ? "Lost: the amount stays out of the restaurant's earnings."
                : "The amount is held back from the restaurant's earnings until the bank decides."
          : "Not an order's charge: nothing was taken from a restaurant."}
      </p>
      {dispute.withdrawn && !dispute.absorbedAt && (dispute.status === "needs_response" || dispute.status === "under_review") && (
        <div className={styles.actions} aria-label="Actions">
          <ActionButton url={`/api/admin/disputes/${dispute.id}`} action="absorb" label="Absorb: Nosh pays the restaurant back" target={`dispute #${dispute.id}`} />
        </div>
      )}
      <section className={styles.card} aria-labelledby="evidence">
        <h2 id="evidence">{dispute.evidenceSubmittedAt ? "Evidence sent" : "Evidence gathered from the order"}</h2>
        <dl className={styles.evidence}>
          <Piece term="Receipt" text={evidence.receipt} missing="No receipt" />
          <Piece term="Customer" text={[evidence.customerName, evidence.customerEmail].filter(Boolean).join(", ")} missing="Unknown" />
          <Piece term="Delivered to" text={evidence.shippingAddress} missing="No delivery address (a pickup, or delivered by the restaurant's own staff)" />
          <Piece term="Delivery photo" text={evidence.deliveryPhoto} missing="No photo" />
          <Piece term="Courier's positions" text={evidence.positionTrail} missing="None kept (positions are kept 7 days)" />
          <Piece term="Messages" text={evidence.messages} missing="No messages" />
          {dispute.evidenceSubmittedAt && <Piece term="Why the charge stands" text={evidence.explanation} missing="" />}
        </dl>
      </section>
      {dispute.evidenceSubmittedAt ? (
        <p className={styles.meta} data-evidence-sent>
          Evidence sent <LocalTime at={dispute.evidenceSubmittedAt} />.
        </p>
      ) : open ? (
        <DisputeEvidenceForm disputeId={dispute.id} />
      ) : null}
    </>
  );
}
