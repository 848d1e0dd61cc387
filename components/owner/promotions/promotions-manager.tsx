"use client";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { PromotionJson } from "@/lib/contract/promotions/schemas";
import { formatMoney } from "@/components/ui/format";
import { formatDateTime } from "@/lib/shared/time/format-date";
import type { PromotionState } from "@/lib/shared/money/promotions";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { PromotionForm, type OfferPlace } from "./promotion-form";
import styles from "./promotions.module.css";

const STATE_TONES: Record<PromotionState, "success" | "neutral" | "info" | "error"> = { active: "success", scheduled: "info", ended: "neutral", used_up: "neutral" };

/**
 * The owner's promotions: the form (new, or the one being edited) above the list, a page at a
 * time ("Show more"). Every date is in the restaurant's time zone (`timeZone`), on the server's
 * render and in the browser alike (lib/shared/time/format-date.ts: no React #418).
 */
export function PromotionsManager({
  restaurantId,
  timeZone,
  initial,
  nextOffset: firstNext,
  words,
  locale,
  currency,
  menu,
  platform = false,
}: OfferPlace & {
  initial: PromotionJson[];
  nextOffset: number | null;
  /** Its words (the catalogue's kitchen.promotions) and the dates' and amounts' language, from the server. */
  words: Words<"kitchen">["promotions"];
  locale: Locale;
  /** The restaurant's market's (USD when not given): the amounts' unit. */
  currency?: string;
}) {
  const nameOf = (promotion: PromotionJson) => (promotion.code ? fill(words.code, { code: promotion.code }) : fill(words.offer, { label: promotion.label }));
  const money = (amount: number) => formatMoney(amount, locale, currency);
  const [promotions, setPromotions] = useState(initial);
  const [nextOffset, setNextOffset] = useState(firstNext);
  const [editing, setEditing] = useState<PromotionJson | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const path = platform ? `/api/admin/restaurants/${restaurantId}/offers` : `/api/manage/${restaurantId}/promotions`;
  const deletion = useApiAction((promotion: PromotionJson) => api(`${path}/${promotion.id}`, { method: "DELETE" }).then(() => promotion), {
    onSuccess: (promotion) => {
      setPromotions((list) => list.filter((p) => p.id !== promotion.id));
      if (editing?.id === promotion.id) setEditing(null);
      setStatus(fill(words.deleted, { name: nameOf(promotion) }));
    },
    onError: (failure) => setStatus(failure.message),
  });
  const [deleting, setDeleting] = useState<number | null>(null);
  const page = useApiAction(
    (offset: number) => api<{ promotions: PromotionJson[]; nextOffset: number | null }>(`/api/manage/${restaurantId}/promotions?offset=${offset}`),
    {
      onSuccess: (page) => {
        setPromotions((list) => [...list, ...page.promotions.filter((p) => !list.some((q) => q.id === p.id))]);
        setNextOffset(page.nextOffset);
      },
      onError: (failure) => setStatus(failure.message),
    },
  );
  const loading = page.busy;

  const saved = (promotion: PromotionJson) => {
    setPromotions((list) => (list.some((p) => p.id === promotion.id) ? list.map((p) => (p.id === promotion.id ? promotion : p)) : [promotion, ...list]));
    setStatus(fill(editing ? words.saved : words.created, { name: nameOf(promotion) }));
    setEditing(null);
  };

  const remove = async (promotion: PromotionJson) => {
    if (!window.confirm(fill(words.confirmDelete, { name: nameOf(promotion) }))) return;
    setDeleting(promotion.id);
    await deletion.run(promotion);
    setDeleting(null);
  };

  const more = async () => {
    if (nextOffset !== null) await page.run(nextOffset);
  };

  const day = (iso: string) => formatDateTime(iso, timeZone, locale);
  const runs = (promotion: PromotionJson) => {
    if (promotion.startsAt && promotion.endsAt) return fill(words.runsBoth, { from: day(promotion.startsAt), to: day(promotion.endsAt) });
    if (promotion.startsAt) return fill(words.runsFrom, { from: day(promotion.startsAt) });
    if (promotion.endsAt) return fill(words.runsUntil, { to: day(promotion.endsAt) });
    return words.always;
  };

  return (
    <div className={styles.layout}>
      <PromotionForm
        key={editing?.id ?? "new"}
        restaurantId={restaurantId}
        timeZone={timeZone}
        editing={editing}
        onSaved={saved}
        onCancel={() => setEditing(null)}
        words={words.form}
        menu={menu}
        platform={platform}
      />
      <section aria-labelledby="promotions-list" className={styles.listSection}>
        <h2 id="promotions-list" className={styles.heading}>
          {platform ? words.platformHeading : words.heading}
        </h2>
        <p role="status" className={styles.status}>
          {status}
        </p>
        {promotions.length === 0 ? (
          <EmptyState icon="info" title={words.emptyTitle}>
            {words.emptyText}
          </EmptyState>
        ) : (
          <ul className={styles.list}>
            {promotions.map((promotion) => (
              <li key={promotion.id} className={styles.card} aria-label={nameOf(promotion)}>
                <div className={styles.cardHead}>
                  <Badge tone={STATE_TONES[promotion.state]}>{words.states[promotion.state]}</Badge>
                  {promotion.code ? <span className={styles.code}>{promotion.code}</span> : <Badge tone="info">{words.automatic}</Badge>}
                  {promotion.fundedBy === "platform" && <Badge tone="neutral">{words.paidByNosh}</Badge>}
                  <span className={styles.label}>{promotion.label}</span>
                </div>
                <dl className={styles.facts}>
                  <Fact label={words.runs}>{runs(promotion)}</Fact>
                  <Fact label={words.uses}>
                    {promotion.totalLimit !== null
                      ? fill(words.usedOf, { count: promotion.redeemed, limit: promotion.totalLimit })
                      : fill(words.used, { count: promotion.redeemed })}{" "}
                    · {promotion.perCustomerLimit === null ? words.noPerCustomer : fill(words.perCustomer, { count: promotion.perCustomerLimit })}
                  </Fact>
                  {promotion.minSubtotal > 0 && <Fact label={words.minimum}>{fill(words.subtotal, { amount: money(promotion.minSubtotal) })}</Fact>}
                  {promotion.firstOrderOnly && <Fact label={words.who}>{words.firstOnly}</Fact>}
                  {promotion.stacksWithCode && <Fact label={words.codes}>{words.combines}</Fact>}
                </dl>
                <dl className={styles.results} aria-label={words.results}>
                  <Result label={words.orders}>{promotion.results.orders}</Result>
                  <Result label={words.discount}>{money(promotion.results.discount)}</Result>
                  <Result label={words.sales}>{money(promotion.results.sales)}</Result>
                  <Result label={words.newCustomers}>{promotion.results.newCustomers}</Result>
                </dl>
                {/* The platform's offer is the operator's: its owner sees it, cannot change it; the operator ends it. */}
                {(promotion.fundedBy === "platform") === platform && (
                  <div className={styles.cardActions}>
                    {!platform && (
                      <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(promotion)}>
                        {words.edit}
                        <span className="sr-only"> {nameOf(promotion)}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className={buttonClass({ variant: "ghost", size: "small" })}
                      onClick={() => void remove(promotion)}
                      disabled={deleting === promotion.id}
                    >
                      {words.delete}
                      <span className="sr-only"> {nameOf(promotion)}</span>
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {nextOffset !== null && (
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => void more()} disabled={loading}>
            {loading ? words.loading : words.more}
          </button>
        )}
      </section>
    </div>
  );
}

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
