import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { formatCents } from "@/lib/shared/money/money";
import type { Receipt, ReceiptRow } from "@/lib/server/receipts/receipt";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./receipts.module.css";

/** Rows of a receipt, one `dl`: a label (and its note) and an amount, in the order's currency. */
function Rows({ rows, label, locale, currency }: { rows: readonly ReceiptRow[]; label: string; locale: Locale; currency: string }) {
  return (
    <dl className={styles.rows} aria-label={label}>
      {rows.map((row, index) => (
        <div key={index} className={`${styles.row} ${row.style === "part" ? styles.part : ""} ${row.style === "total" ? styles.total : ""}`}>
          <dt>
            {row.label}
            {row.note && <span className={styles.note}>{row.note}</span>}
          </dt>
          <dd>{formatCents(row.cents, { locale, currency })}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An order's receipt as a page (/orders/{id}/receipt), the same rows its PDF prints: who sold it
 * and where, the order number and time in the restaurant's zone, the payment, every line, the
 * charges to the total, then each refund and the net paid.
 */
export function ReceiptView({
  receipt,
  words: w,
  locale,
}: {
  receipt: Receipt;
  /** The catalogue's orderflow.receipt, from the page. */ words: Words<"orderflow">["receipt"];
  locale: Locale;
}) {
  return (
    <article className={styles.paper} aria-labelledby="receipt-restaurant">
      <div>
        <h2 id="receipt-restaurant" className={styles.heading}>
          {receipt.restaurantName}
        </h2>
        {receipt.restaurantAddress && <p className={styles.muted}>{receipt.restaurantAddress}</p>}
      </div>
      <dl className={styles.facts}>
        <dt>{w.order}</dt>
        <dd>#{receipt.orderId}</dd>
        <dt>{w.placed}</dt>
        <dd>
          {receipt.placedAt} <span className={styles.muted}>{fill(w.zone, { zone: receipt.timeZone.replaceAll("_", " ") })}</span>
        </dd>
        <dt>{w.status}</dt>
        <dd>{receipt.status}</dd>
        <dt>{w.paidWith}</dt>
        <dd>{receipt.payment}</dd>
      </dl>
      <Rows rows={receipt.items} label={w.items} locale={locale} currency={receipt.currency} />
      <Rows rows={[...receipt.charges, { label: w.total, cents: receipt.totalCents, style: "total" }]} label={w.charges} locale={locale} currency={receipt.currency} />
      {receipt.refunds.length > 0 && (
        <Rows rows={[...receipt.refunds, { label: w.netPaid, cents: receipt.netCents, style: "total" }]} label={w.refunds} locale={locale} currency={receipt.currency} />
      )}
      <div className={styles.downloads}>
        <a href={`/api/orders/${receipt.orderId}/receipt.pdf`} download className={buttonClass({ size: "small" })}>
          {w.pdf}
        </a>
        <Link href={`/orders/${receipt.orderId}`} className={buttonClass({ variant: "soft", size: "small" })}>
          {w.back}
        </Link>
      </div>
    </article>
  );
}
