"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import type { BoardOrder } from "./board-types";
import boardStyles from "./board.module.css";
import styles from "./phone-order.module.css";

// A phone order paid by a card over a payment link (docs/architecture/phone-orders.md "Paid by a link"):
// the link shown in the phone order's dialog once placed.

/** The phone order's answer: paid by a link, with its payLink. */
export type PlacedPhoneOrder = BoardOrder & { payLink?: { url: string; expiresAt: string; minutes: number } };

/** The link to read out, copy or email to the customer (no SMS provider: the staff send it themselves). */
export function PayLinkPanel({ order, link, onDone }: { order: PlacedPhoneOrder; link: { url: string; minutes: number }; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied("Link copied");
    } catch {
      setCopied("Copying is blocked here: select the link and copy it");
    }
  };
  const mail = `mailto:?subject=${encodeURIComponent(`Pay for your order #${order.id}`)}&body=${encodeURIComponent(`Pay ${formatMoney(order.totalCost)} for your order here: ${link.url}`)}`;
  return (
    <div className={boardStyles.dialogForm}>
      <p className={boardStyles.dialogText}>
        Give the customer this link to pay <strong>{formatMoney(order.totalCost)}</strong> by card. It works for {link.minutes} minutes; unpaid by then, the order is
        canceled. The board shows &quot;Waiting for payment&quot; until it is paid.
      </p>
      <label className={styles.group}>
        <span className={boardStyles.legend}>Payment link</span>
        <input className={styles.linkField} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} data-testid="pay-link" />
      </label>
      <p role="status" className={boardStyles.dialogText}>
        {copied}
      </p>
      <div className={boardStyles.dialogActions}>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => void copy()}>
          Copy link
        </button>
        <a className={buttonClass({ variant: "secondary" })} href={mail}>
          Email link
        </a>
        <button type="button" className={buttonClass()} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
