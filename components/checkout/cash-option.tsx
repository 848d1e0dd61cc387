"use client";
import { useEffect, useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { IconGlyph } from "@/components/ui/icons";
import { api } from "@/lib/client/api";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { majorToMinor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { fill } from "@/lib/shared/words/fill";
import { ChoiceCard } from "./choice-card";
import styles from "./checkout.module.css";

// Cash at the door (docs/architecture/ledger.md "Cash at the door") at checkout: offered only where the order's market
// takes cash (GET /api/orders/{id}/cash), for a delivery; the bill the customer pays with (at least
// the total: the change shown, a smaller bill refused beside the field before anything is sent). A
// customer limited to cards sees why, and cannot choose it. Elsewhere checkout is as it was.

type CashChoice = { available: boolean; cardOnly: boolean; currency: string };

/** The order's cash choice (null until read, or where there is none) and the bill typed. */
export function useCash(orderId: number, totalCents: number, currency: string) {
  const [choice, setChoice] = useState<CashChoice | null>(null);
  const [bill, setBill] = useState("");
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    api<{ cash: CashChoice }>(`/api/orders/${orderId}/cash`).then(
      (answer) => live && setChoice(answer.cash.available ? answer.cash : null),
      () => live && setChoice(null),
    );
    return () => {
      live = false;
    };
  }, [orderId]);
  const billCents = bill.trim() ? majorToMinor(bill.trim(), currency) : null;
  const short = billCents === null || billCents < totalCents;
  return {
    choice,
    totalCents,
    currency,
    bill,
    setBill: (value: string) => {
      setShown(false);
      setBill(value);
    },
    /** The error beside the field once Place order was pressed with no bill, or one below the total. */
    showError: shown && short,
    changeCents: short ? null : billCents! - totalCents,
    /** The checkout body's cash part, or null (the error shown) when the bill is missing or short. */
    body: (): { cashBill: number } | null => {
      setShown(true);
      return short ? null : { cashBill: Number(bill.trim()) };
    },
  };
}

type CashOptionProps = {
  cash: ReturnType<typeof useCash>;
  checked: boolean;
  /** A pickup: no courier takes cash. */
  hidden: boolean;
  onSelect: () => void;
  words: Words<"checkout">["choices"]["cash"];
  locale: Locale;
};

export function CashOption({ cash, checked, hidden, onSelect, words: w, locale }: CashOptionProps) {
  const { choice, totalCents, currency } = cash;
  if (!choice || hidden) return null;
  const money = (cents: number) => formatCents(cents, { locale, currency });
  return (
    <ChoiceCard
      name="paymentMethod"
      value="cash"
      checked={checked}
      onChange={() => !choice.cardOnly && onSelect()}
      icon="wallet"
      title={w.title}
      detail={w.detail}
      describedBy={choice.cardOnly ? "cash-card-only" : undefined}
    >
      {choice.cardOnly ? (
        <p id="cash-card-only" className={styles.warning}>
          <IconGlyph name="alert" size={16} />
          {w.cardOnly}
        </p>
      ) : (
        checked && (
          <TextField
            label={w.bill}
            name="cashBill"
            inputMode="decimal"
            autoComplete="off"
            value={cash.bill}
            onChange={(event) => cash.setBill(event.target.value)}
            error={cash.showError ? fill(w.billShort, { total: money(totalCents) }) : undefined}
            hint={cash.changeCents !== null ? fill(w.change, { amount: money(cash.changeCents) }) : fill(w.billHint, { total: money(totalCents) })}
          />
        )
      )}
    </ChoiceCard>
  );
}
