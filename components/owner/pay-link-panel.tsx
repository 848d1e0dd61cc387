"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import type { BoardOrder } from "./board-types";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { PhoneWords } from "./board-types";
import boardStyles from "./board.module.css";
import styles from "./phone-order.module.css";

// A phone order paid by a card over a payment link (docs/architecture/phone-orders.md "Paid by a link"):
// the link shown in the phone order's dialog once placed.

/** The phone order's answer: paid by a link, with its payLink. */
export type PlacedPhoneOrder = BoardOrder & { payLink?: { url: string; expiresAt: string; minutes: number } };

/** The link to read out, copy or email to the customer (no SMS provider: the staff send it themselves). */
type PayLinkProps = { order: PlacedPhoneOrder; link: { url: string; minutes: number }; onDone: () => void; words: PhoneWords["link"]; locale: Locale };

export function PayLinkPanel({ order, link, onDone, words, locale }: PayLinkProps) {
  const amount = formatMoney(order.totalCost, locale, order.currency);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(words.copied);
    } catch {
      setCopied(words.blocked);
    }
  };
  const mail = `mailto:?subject=${encodeURIComponent(fill(words.subject, { id: order.id }))}&body=${encodeURIComponent(fill(words.body, { amount, url: link.url }))}`;
  return (
    <div className={boardStyles.dialogForm}>
      <p className={boardStyles.dialogText}>
        {words.give} <strong>{amount}</strong> {fill(words.byCard, { minutes: link.minutes })}
      </p>
      <label className={styles.group}>
        <span className={boardStyles.legend}>{words.label}</span>
        <input className={styles.linkField} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} data-testid="pay-link" />
      </label>
      <p role="status" className={boardStyles.dialogText}>
        {copied}
      </p>
      <div className={boardStyles.dialogActions}>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => void copy()}>
          {words.copy}
        </button>
        <a className={buttonClass({ variant: "secondary" })} href={mail}>
          {words.email}
        </a>
        <button type="button" className={buttonClass()} onClick={onDone}>
          {words.done}
        </button>
      </div>
    </div>
  );
}
