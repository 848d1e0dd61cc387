import Link from "@/components/ui/link";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { DeliveryPaymentNote as Note } from "@/lib/server/deliveries/payment-note";
import { fill } from "@/lib/shared/words/fill";
import { formatCents } from "@/lib/shared/money/money";
import team from "../team/team.module.css";
import styles from "./delivery-payment-note.module.css";

/**
 * On a restaurant's API keys page (docs/architecture/api-keys.md "Paying for a delivery"): what a
 * delivery a key asks for costs and how it is paid up front (the earnings, else the owner's card),
 * how one asked for now would be paid or why it is refused, and the deliveries on their way
 * against the owner's limit. Rendered on the server: no script.
 */
export function DeliveryPaymentNote({ note, words: w, locale }: { note: Note; words: Words<"menus">["apiKeys"]["deliveryPay"]; locale: Locale }) {
  const fee = formatCents(note.feeCents, { currency: note.currency, locale });
  return (
    <section className={`${team.panel} ${styles.note}`} aria-labelledby="delivery-pay">
      <h2 id="delivery-pay" className={team.panelTitle}>
        {w.title}
      </h2>
      <p>{fill(w.price, { fee })}</p>
      {note.payWith === "earnings" && <p className={styles.now}>{w.earnings}</p>}
      {note.payWith === "card" && <p className={styles.now}>{fill(w.card, { card: note.card ?? "" })}</p>}
      {note.payWith === null && (
        <div className={styles.refused} role="status">
          <p className={styles.now}>{w.refused}</p>
          <p>
            <Link href="/wallet">{w.addCard}</Link>
          </p>
        </div>
      )}
      {note.openMax > 0 && <p className={styles.meta}>{fill(note.emailVerified ? w.open : w.openUnverified, { count: note.open, max: note.openMax })}</p>}
    </section>
  );
}
