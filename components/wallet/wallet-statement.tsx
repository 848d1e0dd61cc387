import { formatDateTime } from "@/lib/shared/format-date";
import { formatMoney } from "@/components/ui/format";
import { IconGlyph } from "@/components/ui/icons";
import { KIND_LABELS, signedMoney, type WalletTransaction } from "./format";
import styles from "./wallet.module.css";

/** Statement rows, newest first: what moved, for which order, by how much, the balance after. */
export function WalletStatement({ transactions }: { transactions: WalletTransaction[] }) {
  return (
    <ul className={styles.statement} aria-label="Wallet transactions">
      {transactions.map((t) => {
        const kind = KIND_LABELS[t.kind] ?? { label: t.kind, icon: "wallet" as const };
        const incoming = t.amount > 0;
        return (
          <li key={t.id} className={styles.row}>
            <span className={`${styles.kindIcon} ${incoming ? styles.in : styles.out}`}>
              <IconGlyph name={kind.icon} size={18} />
            </span>
            <p className={styles.kind}>
              {kind.label}
              {t.restaurantName && <span className={styles.restaurant}> · {t.restaurantName}</span>}
            </p>
            <p className={`${styles.amount} ${incoming ? styles.amountIn : ""}`}>{signedMoney(t.amount)}</p>
            <p className={`${styles.rowMeta} ${styles.when}`}>
              <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
              {t.orderId !== null && <span> · Order #{t.orderId}</span>}
            </p>
            <p className={`${styles.rowMeta} ${styles.after}`}>Balance {formatMoney(t.balanceAfter)}</p>
          </li>
        );
      })}
    </ul>
  );
}
