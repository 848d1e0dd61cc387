"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SavedCards } from "@/components/checkout/saved-cards";
import { useAlerts } from "@/components/providers/alerts-provider";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { TitledSection } from "@/components/ui/titled-section";
import type { CardWords } from "@/components/wallet/card-top-up";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { MembershipState } from "@/lib/server/membership/subscribe";
import { majorToMinor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { formatDate } from "@/lib/shared/time/format-date";
import { fill } from "@/lib/shared/words/fill";
import styles from "./membership.module.css";

// The membership page's screen (docs/architecture/membership.md): the plans offered, each joined on
// a saved card (POST /api/membership, one Idempotency-Key per attempt; a decline beside the cards, a
// retired plan beside the plan); a member's plan, its next date (a retired plan's: when it ends), what
// it saved, the card renewals are charged to (PUT) and the cancellation under the refund rule
// (DELETE). Every call through useApiActions; the page is read again after each.

type MembershipWords = Words<"profile">["membership"];
type Plan = MembershipState["plans"][number];
type Answer = { message: string };

export function MembershipScreen({ state, words: w, cardWords, locale }: { state: MembershipState; words: MembershipWords; cardWords: CardWords; locale: Locale }) {
  const router = useRouter();
  const { show } = useAlerts();
  const actions = useApiActions();
  const [card, setCard] = useState<number | null>(null);
  const money = (major: number, currency: string) => formatCents(majorToMinor(major, currency) ?? 0, { locale, currency });
  const done = (answer: Answer | undefined) => {
    if (!answer) return;
    show(answer.message, "success");
    router.refresh();
  };
  const send = (key: string, method: "POST" | "PUT" | "DELETE", body?: unknown) =>
    actions
      .run(key, () =>
        api<Answer>("/api/membership", { method, ...(body ? { body } : {}), ...(method === "POST" ? { headers: { "Idempotency-Key": crypto.randomUUID() } } : {}) }),
      )
      .then(done);
  const cardError = actions.failure && (actions.failure.status === 402 || actions.errors.paymentMethodId) ? actions.failure.message : null;
  const terms = (plan: Plan) => fill(w.terms, { basket: money(plan.basket, plan.currency), percent: plan.serviceFeeDiscountPercent });

  const { membership } = state;
  if (membership) {
    const { plan } = membership;
    const date = (at: string) => formatDate(at, plan.timeZone, locale);
    // A retired plan renews no more: its members are told when their benefits end (and pick no renewal card).
    const ending = membership.canceled || plan.retiredAt !== null;
    const status = membership.canceled ? w.status.canceled : plan.retiredAt ? w.status.retired : w.status[membership.status];
    const next = membership.canceled
      ? fill(w.until, { date: date(membership.periodEnd) })
      : plan.retiredAt
        ? fill(w.retired, { date: date(membership.periodEnd) })
        : membership.status === "trialing"
          ? fill(w.trialEnds, { date: date(membership.periodEnd), price: money(plan.price, plan.currency) })
          : membership.status === "past_due"
            ? fill(w.pastDue, { date: date(membership.graceEndsAt ?? membership.periodEnd) })
            : fill(w.renews, { date: date(membership.periodEnd), price: money(plan.price, plan.currency) });
    return (
      <div className={styles.layout}>
        <TitledSection id="my-membership" title={plan.name} className={styles.panel} titleClassName={styles.panelTitle}>
          <p>
            <Badge tone={membership.status === "past_due" ? "error" : ending ? "neutral" : "success"}>{status}</Badge>
          </p>
          <p className={styles.terms}>{terms(plan)}</p>
          <p role={membership.status === "past_due" ? "alert" : undefined}>{next}</p>
          <p data-testid="member-saved">{fill(w.saved, { amount: money(membership.saved, plan.currency) })}</p>
          {membership.card && !ending && <p className={styles.muted}>{fill(w.chargedTo, { card: membership.card })}</p>}
        </TitledSection>
        {!ending && (
          <TitledSection id="membership-card" title={w.cardTitle} className={styles.panel} titleClassName={styles.panelTitle}>
            <SavedCards value={card} onChange={setCard} error={cardError} words={cardWords} currency={plan.currency} />
            <button
              type="button"
              className={buttonClass({ variant: "secondary" })}
              disabled={card === null || actions.busy !== null}
              onClick={() => void send("card", "PUT", { paymentMethodId: card })}
            >
              {actions.busy === "card" ? w.saving : w.useCard}
            </button>
          </TitledSection>
        )}
        {!membership.canceled && (
          <TitledSection id="membership-cancel" title={w.cancelTitle} className={styles.panel} titleClassName={styles.panelTitle}>
            <p className={styles.muted}>{state.refundRule}</p>
            {actions.failure && !cardError && (
              <p role="alert" className={styles.error}>
                {actions.failure.message}
              </p>
            )}
            <button type="button" className={buttonClass({ variant: "ghost" })} disabled={actions.busy !== null} onClick={() => void send("cancel", "DELETE")}>
              {actions.busy === "cancel" ? w.canceling : w.cancel}
            </button>
          </TitledSection>
        )}
      </div>
    );
  }

  if (!state.plans.length) return <p className={styles.muted}>{w.none}</p>;
  const planError = actions.errors.planId ?? (actions.failure && !cardError && !actions.errors.planId ? actions.failure.message : null);
  return (
    <div className={styles.layout}>
      <ul className={styles.plans}>
        {state.plans.map((plan) => (
          <li key={plan.id} className={styles.plan}>
            <h2 className={styles.planName}>{plan.name}</h2>
            <p className={styles.price}>{fill(w.price, { price: money(plan.price, plan.currency) })}</p>
            <p className={styles.terms}>{terms(plan)}</p>
            <p className={styles.muted}>{plan.marketName}</p>
            {actions.busy === null && planError && actions.failure && (
              <p role="alert" className={styles.error}>
                {planError}
              </p>
            )}
            <button
              type="button"
              className={buttonClass({ block: true })}
              disabled={actions.busy !== null}
              onClick={() => void send(`join-${plan.id}`, "POST", { planId: plan.id, ...(card === null ? {} : { paymentMethodId: card }) })}
            >
              {actions.busy === `join-${plan.id}`
                ? w.joining
                : plan.trialDays > 0
                  ? fill(w.trial, { days: plan.trialDays })
                  : fill(w.join, { price: money(plan.price, plan.currency) })}
            </button>
          </li>
        ))}
      </ul>
      <TitledSection id="membership-pay" title={w.payWith} className={styles.panel} titleClassName={styles.panelTitle}>
        <SavedCards value={card} onChange={setCard} error={cardError} words={cardWords} currency={state.plans[0]!.currency} />
        <p className={styles.muted}>{state.refundRule}</p>
      </TitledSection>
    </div>
  );
}
