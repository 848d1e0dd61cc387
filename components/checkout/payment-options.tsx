import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { PaymentMethod } from "@/lib/shared/constants";
import { formatCents } from "@/lib/shared/money/money";
import { IconGlyph } from "@/components/ui/icons";
import { ChoiceCard, ChoiceSection } from "./choice-card";
import { SavedCards } from "./saved-cards";
import styles from "./checkout.module.css";

type PaymentOptionsProps = {
  value: PaymentMethod;
  onSelect: (method: PaymentMethod) => void;
  walletCents: number;
  totalCents: number;
  guest: boolean;
  /** The saved card chosen (null: the default). */
  cardId?: number | null;
  /** Absent (the group checkout): the default card pays, no list. */
  onCardChange?: (id: number | null) => void;
  /** The card's refusal at submit (a decline, a failed challenge), shown beside the cards. */
  cardError?: string | null;
  /** Its words and the amounts' language, from the server. */
  words: Words<"checkout">["choices"];
  locale: Locale;
  /** The order's currency (USD's when absent); the wallet's balance is its own (USD). */
  currency?: string;
  /** The saved cards' words (the catalogue's orderflow.cards), with onCardChange. */
  flow?: { cards: Words<"orderflow">["cards"] };
  /** Another way to pay after the wallet (cash at the door: cash-option.tsx), where the order's market offers one. */
  extra?: ReactNode;
};

/**
 * Card or wallet credits. A card lists the saved cards (saved-cards.tsx) and adds one (the lazy card form). A short wallet stays selectable but is flagged: the server has the
 * last word on the balance and answers "Insufficient funds in your wallet." if it is short.
 */
export function PaymentOptions({
  value,
  onSelect,
  walletCents,
  totalCents,
  guest,
  cardId,
  onCardChange,
  cardError,
  words: w,
  locale,
  currency = "USD",
  flow,
  extra,
}: PaymentOptionsProps) {
  // The balance is USD credit, which pays no order in another currency (the server answers then).
  const shortBy = currency === "USD" ? totalCents - walletCents : 0;
  return (
    <ChoiceSection id="payment-heading" title={w.payment} legend={w.paymentMethod}>
      <ChoiceCard
        name="paymentMethod"
        value="card"
        checked={value === "card"}
        onChange={() => onSelect("card")}
        icon="creditCard"
        title={w.card}
        detail={w.cardDetail}
        describedBy={cardError ? "payment-error" : undefined}
      >
        {value === "card" && onCardChange && flow && (
          <SavedCards value={cardId ?? null} onChange={onCardChange} error={cardError ?? null} words={flow.cards} currency={currency} />
        )}
      </ChoiceCard>
      <ChoiceCard
        name="paymentMethod"
        value="wallet"
        checked={value === "wallet"}
        onChange={() => onSelect("wallet")}
        icon="wallet"
        title={w.wallet}
        detail={fill(w.balance, { amount: formatCents(walletCents, { locale }) })}
        describedBy={shortBy > 0 ? "wallet-short" : undefined}
      >
        {shortBy > 0 && (
          <p id="wallet-short" className={styles.warning}>
            <IconGlyph name="alert" size={16} />
            {guest ? w.guestWallet : fill(w.walletShort, { amount: formatCents(shortBy, { locale, currency }) })}
          </p>
        )}
      </ChoiceCard>
      {extra}
    </ChoiceSection>
  );
}
