"use client";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { startTransition, useEffect, useRef, useState, type FormEvent } from "react";
import { inTaskOfItsOwn } from "@/lib/client/task-of-its-own";
import type { DeliveryOption, PaymentMethod } from "@/lib/shared/constants";
import styles from "./checkout.module.css";
import promoStyles from "./promo-code.module.css";

/** What the quote says of the promotion: its discount (cents) and how the summary names it. */
export type AppliedDiscount = { cents: number; label: string; code: string | null; kind?: string };

/** An automatic offer this order cannot take, and why ("Spend $5.00 more", "You've used this offer"). */
export type UnavailableOffer = { id: number; label: string; reason: string };

/** The fees the quote priced by the market's and the restaurant's rules (cents), and the km it priced on. */
export type QuotedFees = {
  deliveryFeeCents: number;
  serviceFeeCents: number;
  smallOrderFeeCents: number;
  deliveryWaivedCents: number;
  distanceKm: number | null;
  /** A member's eligible order: what the membership takes off the fees above (already off them; the platform pays it). */
  memberSavedCents?: number;
};

type QuoteAnswer = {
  deliveryFee?: number;
  serviceFee?: number;
  smallOrderFee?: number;
  freeDelivery?: number;
  deliveryKm?: number | null;
  membership?: { saved: number } | null;
  discount: number;
  promotion: { code: string | null; label: string; kind?: string } | null;
  unavailableOffers?: UnavailableOffer[];
  /** The restaurant's sales tax rate (percent) and whether it taxes fees: the page computes the tax by lib/shared/money/tax.ts. */
  taxRate?: number | null;
  taxesFees?: boolean;
};

/**
 * The order's promotion at checkout (docs/architecture/promotions.md): POST /api/orders/quote
 * for this order and delivery option, with the code the customer applied, or without one (the
 * restaurant's best automatic offer, applied by itself). The tip does not change a discount, so
 * only the order, the option and the code ask again. `code` is what submit sends as promoCode.
 */
export function usePromotion(
  orderId: number,
  delivery: { deliveryOption: DeliveryOption; scheduledFor?: string; addressId?: number } | null,
  paymentMethod: PaymentMethod,
) {
  const [code, setCode] = useState<string | null>(null);
  const [fees, setFees] = useState<QuotedFees | null>(null);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [tax, setTax] = useState<{ rateMilliPercent: number; taxesFees: boolean } | null>(null);
  const [unavailable, setUnavailable] = useState<UnavailableOffer[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // The choice the fees were last quoted for: until the current one's answer, the total may hold the previous choice's fees.
  const [quotedKey, setQuotedKey] = useState<string | null>(null);
  const asked = useRef(0);

  const quote = async (promoCode: string | null): Promise<{ ok: true; answer: QuoteAnswer } | { ok: false; message: string; refused: boolean }> => {
    const [{ api }, { parseApiError }] = await Promise.all([import("@/lib/client/api"), import("@/lib/client/use-api-action")]);
    try {
      const answer = await api<QuoteAnswer>("/api/orders/quote", {
        method: "POST",
        body: { orderId, ...delivery, tip: 0, paymentMethod, ...(promoCode ? { promoCode } : {}) },
      });
      return { ok: true, answer };
    } catch (failure) {
      const apiError = parseApiError(failure);
      const refused = apiError.status === 422 || apiError.status === 429;
      return { ok: false, refused: refused && Boolean(apiError.errors.promoCode), message: apiError.errors.promoCode ?? apiError.message };
    }
  };
  const show = (answer: QuoteAnswer) => {
    const applied = answer.promotion && answer.discount > 0;
    setDiscount(
      applied ? { cents: Math.round(answer.discount * 100), label: answer.promotion!.label, code: answer.promotion!.code, kind: answer.promotion!.kind } : null,
    );
    // The fees as the server prices them (the distance to the chosen address, a small order, the restaurant's free delivery).
    const cents = (dollars: number | undefined) => Math.round((dollars ?? 0) * 100);
    setFees(
      answer.deliveryFee === undefined
        ? null
        : {
            deliveryFeeCents: cents(answer.deliveryFee),
            serviceFeeCents: cents(answer.serviceFee),
            smallOrderFeeCents: cents(answer.smallOrderFee),
            deliveryWaivedCents: cents(answer.freeDelivery),
            distanceKm: answer.deliveryKm ?? null,
            memberSavedCents: cents(answer.membership?.saved),
          },
    );
    // The sales tax rule of the restaurant's address: the summary's tax, as the server computes it.
    setTax(answer.taxRate ? { rateMilliPercent: Math.round(answer.taxRate * 1000), taxesFees: Boolean(answer.taxesFees) } : null);
    // Why the restaurant's other offers do not apply; none are weighed beside a code.
    setUnavailable(answer.unavailableOffers ?? []);
  };

  const key = delivery ? `${delivery.deliveryOption}|${delivery.scheduledFor ?? ""}|${delivery.addressId ?? ""}` : null;
  useEffect(() => {
    if (key === null) return;
    const mine = ++asked.current;
    // Asked in a task of its own, not in the commit's (on the page's first load, the hydration's).
    return inTaskOfItsOwn(
      () =>
        void quote(code).then((result) => {
          if (mine !== asked.current) return;
          // The summary's discount line re-renders the form: in a transition, in slices (on the
          // page's first load it lands among the hydration's tasks); settled with the fees it brings.
          if (result.ok)
            return startTransition(() => {
              show(result.answer);
              setQuotedKey(key);
            });
          setQuotedKey(key);
          if (result.refused && code) {
            // The code no longer applies to this choice (free delivery on a pickup): said beside the field.
            setError(result.message);
            setCode(null);
          } else setDiscount(null);
        }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only when the order, the option, the address or the code change
  }, [orderId, key, code]);

  const apply = async (typed: string) => {
    const trimmed = typed.trim();
    if (!trimmed) return setError("Enter a promo code");
    setApplying(true);
    setError(null);
    const mine = ++asked.current;
    const result = await quote(trimmed);
    setApplying(false);
    if (mine !== asked.current) return;
    setQuotedKey(key);
    if (!result.ok) return setError(result.message);
    setCode(trimmed);
    show(result.answer);
  };
  const remove = () => {
    setError(null);
    setCode(null);
  };
  // Settled: the total is the current choice's (Place order waits for it: its expected total would be refused as changed).
  const settled = key === null || quotedKey === key;
  return { code, fees, discount, tax, unavailable, error, applying, settled, apply, remove, refuse: (message: string) => (setError(message), setCode(null)) };
}

/** The promo code field: Apply, the reason beside it when it does not apply, and what is applied; `words` in the page's language. */
export function PromoCodeField({ promotion, words: w }: { promotion: ReturnType<typeof usePromotion>; words: Words<"checkout">["promo"] }) {
  const [typed, setTyped] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void promotion.apply(typed);
  };
  const { discount, code, unavailable } = promotion;
  return (
    <section className={styles.section} aria-labelledby="promo-heading">
      <div className={styles.sectionHead}>
        <h2 id="promo-heading" className={styles.sectionTitle}>
          {w.title}
        </h2>
        {discount && !code && <p className={styles.sectionHint}>{fill(w.offerApplied, { label: discount.label })}</p>}
      </div>
      {!code && unavailable.length > 0 && (
        <ul className={promoStyles.unavailable} aria-label={w.notApplied}>
          {unavailable.map((offer) => (
            <li key={offer.id}>
              <span className={promoStyles.offerLabel}>{offer.label}</span>: {offer.reason}
            </li>
          ))}
        </ul>
      )}
      {code ? (
        <p className={promoStyles.applied} role="status">
          <span className={promoStyles.code}>{code.toUpperCase()}</span>
          <span>{discount ? fill(w.labelApplied, { label: discount.label }) : w.applied}</span>
          <button type="button" className={promoStyles.remove} onClick={promotion.remove}>
            {w.remove}
            <span className="sr-only">{w.removeHint}</span>
          </button>
        </p>
      ) : (
        <form className={promoStyles.form} onSubmit={submit} noValidate>
          <label htmlFor="promo-code" className="sr-only">
            {w.title}
          </label>
          <input
            id="promo-code"
            className={promoStyles.input}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={w.placeholder}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            aria-invalid={promotion.error ? true : undefined}
            aria-describedby={promotion.error ? "promo-code-error" : undefined}
          />
          <button type="submit" className={promoStyles.apply} disabled={promotion.applying}>
            {promotion.applying ? w.applying : w.apply}
          </button>
        </form>
      )}
      {promotion.error && (
        <p id="promo-code-error" className={promoStyles.error} role="alert">
          {promotion.error}
        </p>
      )}
    </section>
  );
}
