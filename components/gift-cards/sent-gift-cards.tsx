import { Badge } from "@/components/ui/badge";
import { TitledSection } from "@/components/ui/titled-section";
import type { GiftCardJson } from "@/lib/server/gift-cards/read";
import { formatCents } from "@/lib/shared/money/money";
import { majorToMinor } from "@/lib/shared/money/currency";
import { formatDate } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "@/lib/shared/words/fill";
import type { GiftWords } from "./buy-gift-card";
import styles from "./gift-cards.module.css";

// The gift cards a buyer sent, newest first: to whom, how much, and where each stands (scheduled,
// sent, redeemed, voided) with its date in its market's zone. Never a code: only the mail has it.

const TONE = { paying: "neutral", scheduled: "info", sent: "neutral", redeemed: "success", voided: "error" } as const;

/** A card's line of dates: when it sends, was sent or was redeemed. */
function cardDate(card: GiftCardJson, w: Pick<GiftWords, "sendsOn" | "sentOn" | "redeemedOn">, timeZone: string, locale: Locale): string {
  if (card.redeemedAt) return fill(w.redeemedOn, { date: formatDate(card.redeemedAt, timeZone, locale) });
  if (card.sentAt) return fill(w.sentOn, { date: formatDate(card.sentAt, timeZone, locale) });
  return fill(w.sendsOn, { date: formatDate(card.sendAt, timeZone, locale) });
}

export function SentGiftCards({ cards, zones, words: w, locale }: { cards: GiftCardJson[]; zones: Record<string, string>; words: GiftWords; locale: Locale }) {
  return (
    <TitledSection id="sent-gift-cards" title={w.sentTitle} className={styles.panel} titleClassName={styles.panelTitle}>
      {cards.length === 0 ? (
        <p className={styles.intro}>{w.sentEmpty}</p>
      ) : (
        <ul className={styles.list}>
          {cards.map((card) => (
            <li key={card.id} className={styles.item}>
              <span className={styles.who}>{card.recipientEmail}</span>
              <span className={styles.amount}>{formatCents(majorToMinor(card.amount, card.currency) ?? 0, { locale, currency: card.currency })}</span>
              <span className={styles.meta}>
                <Badge tone={TONE[card.status]}>{w.status[card.status]}</Badge>
                {cardDate(card, w, zones[card.currency] ?? "UTC", locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
