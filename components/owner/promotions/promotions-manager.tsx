"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { PromotionJson } from "@/lib/contract/promotion-schemas";
import { formatMoney } from "@/components/ui/format";
import { formatDateTime } from "@/lib/shared/format-date";
import { PROMOTION_STATE_LABELS, type PromotionState } from "@/lib/shared/promotions";
import { PromotionForm } from "./promotion-form";
import styles from "./promotions.module.css";

const STATE_TONES: Record<PromotionState, "success" | "neutral" | "info" | "error"> = { active: "success", scheduled: "info", ended: "neutral", used_up: "neutral" };

/**
 * The owner's promotions: the form (new, or the one being edited) above the list, a page at a
 * time ("Show more"). Every date is in the restaurant's time zone (`timeZone`), on the server's
 * render and in the browser alike (lib/shared/format-date.ts: no React #418).
 */
export function PromotionsManager({
  restaurantId,
  timeZone,
  initial,
  nextOffset: firstNext,
}: {
  restaurantId: number;
  timeZone: string;
  initial: PromotionJson[];
  nextOffset: number | null;
}) {
  const [promotions, setPromotions] = useState(initial);
  const [nextOffset, setNextOffset] = useState(firstNext);
  const [loading, setLoading] = useState(false);
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

  const more = async () => {
    if (nextOffset === null) return;
    setLoading(true);
    const { api, ApiClientError, SERVER_FAILURE } = await import("@/lib/client/api");
    try {
      const page = await api<{ promotions: PromotionJson[]; nextOffset: number | null }>(`/api/manage/${restaurantId}/promotions?offset=${nextOffset}`);
      setPromotions((list) => [...list, ...page.promotions.filter((p) => !list.some((q) => q.id === p.id))]);
      setNextOffset(page.nextOffset);
    } catch (error) {
      setStatus(error instanceof ApiClientError ? error.message : SERVER_FAILURE);
    } finally {
      setLoading(false);
    }
  };

  const day = (iso: string) => formatDateTime(iso, timeZone);
  const runs = (promotion: PromotionJson) => {
    if (promotion.startsAt && promotion.endsAt) return `${day(promotion.startsAt)} to ${day(promotion.endsAt)}`;
    if (promotion.startsAt) return `From ${day(promotion.startsAt)}`;
    if (promotion.endsAt) return `Until ${day(promotion.endsAt)}`;
    return "Always";
  };

  return (
    <div className={styles.layout}>
      <PromotionForm key={editing?.id ?? "new"} restaurantId={restaurantId} timeZone={timeZone} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
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
                  <Badge tone={STATE_TONES[promotion.state]}>{PROMOTION_STATE_LABELS[promotion.state]}</Badge>
                  {promotion.code ? <span className={styles.code}>{promotion.code}</span> : <Badge tone="info">Automatic offer</Badge>}
                  <span className={styles.label}>{promotion.label}</span>
                </div>
                <dl className={styles.facts}>
                  <Fact label="Runs">{runs(promotion)}</Fact>
                  <Fact label="Uses">
                    {promotion.redeemed} used{promotion.totalLimit !== null ? ` of ${promotion.totalLimit}` : ""} ·{" "}
                    {promotion.perCustomerLimit === null ? "no limit per customer" : `${promotion.perCustomerLimit} per customer`}
                  </Fact>
                  {promotion.minSubtotal > 0 && <Fact label="Minimum">{formatMoney(promotion.minSubtotal)} subtotal</Fact>}
                  {promotion.firstOrderOnly && <Fact label="Who">First order only</Fact>}
                </dl>
                <dl className={styles.results} aria-label="Results">
                  <Result label="Orders">{promotion.results.orders}</Result>
                  <Result label="Discount given">{formatMoney(promotion.results.discount)}</Result>
                  <Result label="Sales">{formatMoney(promotion.results.sales)}</Result>
                  <Result label="New customers">{promotion.results.newCustomers}</Result>
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
        {nextOffset !== null && (
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => void more()} disabled={loading}>
            {loading ? "Loading…" : "Show more promotions"}
          </button>
        )}
      </section>
    </div>
  );
}

const nameOf = (promotion: PromotionJson) => (promotion.code ? `code ${promotion.code}` : `the automatic offer "${promotion.label}"`);

function Result({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.result}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
