import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "@/lib/shared/words/fill";
import type { CashToCollect, CourierAppWords, JobAction } from "./types";
import styles from "./courier.module.css";

// A cash order at the door (docs/architecture/ledger.md "Cash at the door"): the amount to collect, the bill the customer
// said they would pay with and the change, then "Cash collected" (needed before Delivered) or
// "Refused to pay" (the delivery fails, the refusal goes to Nosh). Shown in place of Delivered until collected.

type CashAtDoorProps = { cash: CashToCollect; busy: boolean; onAct: (action: JobAction) => void; w: CourierAppWords["job"]["cash"]; locale: Locale };

export function CashAtDoor({ cash, busy, onAct, w, locale }: CashAtDoorProps) {
  const money = (amount: number) => formatMoney(amount, locale, cash.currency);
  const big = (variant: "primary" | "secondary") => buttonClass({ variant, size: "large", block: true, className: styles.big });
  return (
    <div className={styles.confirm} role="group" aria-label={w.title}>
      <p className={styles.cardTitle} data-testid="cash-to-collect">
        {fill(w.collect, { amount: money(cash.amount) })}
      </p>
      <p>{cash.change > 0 ? fill(w.change, { bill: money(cash.bill), change: money(cash.change) }) : w.exact}</p>
      <button type="button" className={big("primary")} onClick={() => onAct("cash")} disabled={busy}>
        {w.collected}
      </button>
      <button type="button" className={big("secondary")} onClick={() => onAct("cash-refused")} disabled={busy}>
        {w.refused}
      </button>
    </div>
  );
}
