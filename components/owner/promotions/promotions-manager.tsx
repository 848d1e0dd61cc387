"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { PromotionJson } from "@/lib/contract/schemas";
import { formatMoney } from "@/components/ui/format";
import { PromotionForm } from "./promotion-form";
import styles from "./promotions.module.css";

/** The owner's promotions: the form (new, or the one being edited) above the list. */
export function PromotionsManager({ restaurantId, initial }: { restaurantId: number; initial: PromotionJson[] }) {
  const [promotions, setPromotions] = useState(initial);
  const [editing, setEditing] = useState<PromotionJson | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const saved = (promotion: PromotionJson) => {
    setPromotions((list) => (list.some((p) => p.id === promotion.id) ? list.map((p) => (p.id === promotion.id ? promotion : p)) : [promotion, ...list]));
    setStatus(editing ? `Saved ${nameOf(promotion)}.` : `Created ${nameOf(promotion)}.`);
    setEditing(null);
  };

  const remove = async (promotion: PromotionJson) => {
    if (!window.confirm(`Delete ${nameOf(promotion)}? Customers can no longer use it; orders that used it keep their discount.`)) return;
    setDeleting(promotion.id);
    const { api, ApiClientError, SERVER_FAILURE } = await import("@/lib/client/api");
    try {
      await api(`/api/manage/${restaurantId}/promotions/${promotion.id}`, { method: "DELETE" });
      setPromotions((list) => list.filter((p) => p.id !== promotion.id));
      if (editing?.id === promotion.id) setEditing(null);
      setStatus(`Deleted ${nameOf(promotion)}.`);
    } catch (error) {
      setStatus(error instanceof ApiClientError ? error.message : SERVER_FAILURE);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className={styles.layout}>
      <PromotionForm key={editing?.id ?? "new"} restaurantId={restaurantId} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      <section aria-labelledby="promotions-list" className={styles.listSection}>
        <h2 id="promotions-list" className={styles.heading}>
          Your promotions
        </h2>
        <p role="status" className={styles.status}>
          {status}
        </p>
        {promotions.length === 0 ? (
          <EmptyState icon="info" title="No promotions yet">
            Create a code to share, or an automatic offer every customer sees on your page.
          </EmptyState>
        ) : (
          <ul className={styles.list}>
            {promotions.map((promotion) => (
              <li key={promotion.id} className={styles.card} aria-label={nameOf(promotion)}>
                <div className={styles.cardHead}>
                  {promotion.code ? <span className={styles.code}>{promotion.code}</span> : <Badge tone="info">Automatic offer</Badge>}
                  <span className={styles.label}>{promotion.label}</span>
                </div>
                <dl className={styles.facts}>
                  <Fact label="Runs">{runs(promotion)}</Fact>
                  <Fact label="Uses">
                    {promotion.redeemed} used{promotion.totalLimit !== null ? ` of ${promotion.totalLimit}` : ""} · {promotion.perCustomerLimit} per customer
                  </Fact>
                  {promotion.minSubtotal > 0 && <Fact label="Minimum">{formatMoney(promotion.minSubtotal)} subtotal</Fact>}
                  {promotion.firstOrderOnly && <Fact label="Who">First order only</Fact>}
                </dl>
                <div className={styles.cardActions}>
                  <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(promotion)}>
                    Edit<span className="sr-only"> {nameOf(promotion)}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonClass({ variant: "ghost", size: "small" })}
                    onClick={() => void remove(promotion)}
                    disabled={deleting === promotion.id}
                  >
                    Delete<span className="sr-only"> {nameOf(promotion)}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const nameOf = (promotion: PromotionJson) => (promotion.code ? `code ${promotion.code}` : `the automatic offer "${promotion.label}"`);

const day = (iso: string) => new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
function runs(promotion: PromotionJson): string {
  if (promotion.startsAt && promotion.endsAt) return `${day(promotion.startsAt)} to ${day(promotion.endsAt)}`;
  if (promotion.startsAt) return `From ${day(promotion.startsAt)}`;
  if (promotion.endsAt) return `Until ${day(promotion.endsAt)}`;
  return "Always";
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
