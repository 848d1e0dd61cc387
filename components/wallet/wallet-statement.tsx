import { formatDateTime } from "@/lib/shared/time/format-date";
import { IconGlyph } from "@/components/ui/icons";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { KIND_ICONS, signedMoney, type WalletTransaction } from "./format";
import styles from "./wallet.module.css";

/** Statement rows of one `currency`, newest first: what moved, for which order, by how much, the balance after. */
export function WalletStatement({
  transactions,
  words: w,
  locale,
  currency,
}: {
  transactions: WalletTransaction[];
  words: Words<"profile">["wallet"];
  locale: Locale;
  currency?: string;
}) {
  return (
    <ul className={styles.statement} aria-label={w.list}>
      {transactions.map((t) => {
        const kind = { label: (w.kinds as Record<string, string | undefined>)[t.kind] ?? t.kind, icon: KIND_ICONS[t.kind] ?? "wallet" };
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
            <p className={`${styles.amount} ${incoming ? styles.amountIn : ""}`}>{signedMoney(t.amount, locale, currency)}</p>
            <p className={`${styles.rowMeta} ${styles.when}`}>
              <time dateTime={t.createdAt}>{formatDateTime(t.createdAt, undefined, locale)}</time>
              {t.orderId !== null && <span>{fill(w.order, { id: t.orderId })}</span>}
            </p>
            <p className={`${styles.rowMeta} ${styles.after}`}>{fill(w.balanceAfter, { amount: signedMoney(t.balanceAfter, locale, currency, false) })}</p>
          </li>
        );
      })}
    </ul>
  );
}
