"use client";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { lazy, Suspense, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { MAX_TIP_CENTS, TIP_PERCENTS } from "@/lib/shared/constants";
import { formatCents, percentOf } from "@/lib/shared/money/money";
import { tipCeilingCents, type Tip, type TipCeiling } from "@/lib/shared/money/pricing";
import styles from "./checkout.module.css";
import tipStyles from "./tip-picker.module.css";

// The custom amount's form loads on first opening (it is not needed to show the checkout).
const CustomTipForm = lazy(() => import("./custom-tip-form").then((m) => ({ default: m.CustomTipForm })));

type TipPickerProps = {
  subtotalCents: number;
  tip: Tip;
  onChange: (tip: Tip) => void;
  /** A pickup's tip goes to the restaurant staff and is optional ("No tip" is offered). */
  pickup?: boolean;
  /** The server's refusal of the tip (over its ceiling), shown beside it. */
  error?: string | null;
  /** Its words and the amounts' language, from the server. */
  words: Words<"checkout">["choices"];
  locale: Locale;
  /** The order's currency; USD's when absent. */
  currency?: string;
  /** The custom-tip form's words (the catalogue's orderflow.checkout.customTip), and the server's tip ceiling (its settings). */
  flow: { checkout: Pick<Words<"orderflow">["checkout"], "customTip">; tipCeiling?: TipCeiling };
};

/** Tip presets (percent of the subtotal, shown in dollars) and a custom amount; for a pickup also "No tip". */
export function TipPicker({ subtotalCents, tip, onChange, pickup = false, error = null, words: w, locale, currency, flow }: TipPickerProps) {
  const money = (cents: number) => formatCents(cents, { locale, currency });
  const [customOpen, setCustomOpen] = useState(false);
  const customLoaded = useOpenedOnce(customOpen);
  const noTip = pickup && "cents" in tip && tip.cents === 0;
  const custom = "cents" in tip && !noTip ? tip.cents : null;

  return (
    <section className={styles.section} aria-labelledby="tip-heading">
      <div className={styles.sectionHead}>
        <h2 id="tip-heading" className={styles.sectionTitle}>
          {pickup ? w.tipStaff : w.tipCourier}
        </h2>
        <p className={styles.sectionHint}>{fill(pickup ? w.tipShareOptional : w.tipShare, { amount: money(subtotalCents) })}</p>
      </div>
      <div role="group" aria-labelledby="tip-heading" aria-describedby={error ? "tip-error" : undefined} className={tipStyles.tips}>
        {TIP_PERCENTS.map((percent) => (
          <button key={percent} type="button" className={tipStyles.tip} aria-pressed={"percent" in tip && tip.percent === percent} onClick={() => onChange({ percent })}>
            <span className={tipStyles.percent}>{percent}%</span>
            <span className={tipStyles.amount}>{money(percentOf(subtotalCents, percent))}</span>
          </button>
        ))}
        {pickup && (
          <button type="button" className={tipStyles.tip} aria-pressed={noTip} onClick={() => onChange({ cents: 0 })}>
            <span className={tipStyles.percent}>{w.noTip}</span>
            <span className={tipStyles.amount}>{money(0)}</span>
          </button>
        )}
        <button type="button" className={tipStyles.tip} aria-pressed={custom !== null} aria-haspopup="dialog" onClick={() => setCustomOpen(true)}>
          <span className={tipStyles.percent}>{w.custom}</span>
          <span className={tipStyles.amount}>{custom !== null ? money(custom) : w.other}</span>
        </button>
      </div>
      {error && (
        <p id="tip-error" role="alert" className={styles.warning}>
          {error}
        </p>
      )}
      <Dialog open={customOpen} onClose={() => setCustomOpen(false)} title={w.customTip}>
        {customLoaded && (
          <Suspense fallback={null}>
            <CustomTipForm
              initialCents={custom}
              onSave={(cents) => {
                onChange({ cents });
                setCustomOpen(false);
              }}
              words={flow.checkout.customTip}
              locale={locale}
              currency={currency}
              ceiling={flow.tipCeiling && { maxCents: Math.min(MAX_TIP_CENTS, tipCeilingCents(subtotalCents, flow.tipCeiling)), rule: flow.tipCeiling }}
            />
          </Suspense>
        )}
      </Dialog>
    </section>
  );
}
