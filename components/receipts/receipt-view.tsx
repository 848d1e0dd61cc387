import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { formatCents } from "@/lib/shared/money";
import type { Receipt, ReceiptRow } from "@/lib/server/receipts/receipt";
import styles from "./receipts.module.css";

/** Rows of a receipt, one `dl`: a label (and its note) and an amount. */
function Rows({ rows, label }: { rows: readonly ReceiptRow[]; label: string }) {
  return (
    <dl className={styles.rows} aria-label={label}>
      {rows.map((row, index) => (
        <div key={index} className={`${styles.row} ${row.style === "part" ? styles.part : ""} ${row.style === "total" ? styles.total : ""}`}>
          <dt>
            {row.label}
            {row.note && <span className={styles.note}>{row.note}</span>}
          </dt>
          <dd>{formatCents(row.cents)}</dd>
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
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  return (
    <article className={styles.paper} aria-labelledby="receipt-restaurant">
      <div>
        <h2 id="receipt-restaurant" className={styles.heading}>
          {receipt.restaurantName}
        </h2>
        {receipt.restaurantAddress && <p className={styles.muted}>{receipt.restaurantAddress}</p>}
      </div>
      <dl className={styles.facts}>
        <dt>Order</dt>
        <dd>#{receipt.orderId}</dd>
        <dt>Placed</dt>
        <dd>
          {receipt.placedAt} <span className={styles.muted}>({receipt.timeZone.replaceAll("_", " ")} time)</span>
        </dd>
        <dt>Status</dt>
        <dd>{receipt.status}</dd>
        <dt>Paid with</dt>
        <dd>{receipt.payment}</dd>
      </dl>
      <Rows rows={receipt.items} label="Items" />
      <Rows rows={[...receipt.charges, { label: "Total", cents: receipt.totalCents, style: "total" }]} label="Charges" />
      {receipt.refunds.length > 0 && <Rows rows={[...receipt.refunds, { label: "Net paid", cents: receipt.netCents, style: "total" }]} label="Refunds" />}
      <div className={styles.downloads}>
        <a href={`/api/orders/${receipt.orderId}/receipt.pdf`} download className={buttonClass({ size: "small" })}>
          Download PDF
        </a>
        <Link href={`/orders/${receipt.orderId}`} className={buttonClass({ variant: "soft", size: "small" })}>
          Back to the order
        </Link>
      </div>
    </article>
  );
}
