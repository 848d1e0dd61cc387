import type { PaymentMethod } from "@/lib/shared/constants";
import { formatCents } from "@/lib/shared/money";
import { IconGlyph } from "@/components/ui/icons";
import { ChoiceCard } from "./choice-card";
import group from "./choice-card.module.css";
import styles from "./checkout.module.css";

type PaymentOptionsProps = {
  value: PaymentMethod;
  onSelect: (method: PaymentMethod) => void;
  walletCents: number;
  totalCents: number;
  guest: boolean;
};

/**
 * Card or wallet credits. A short wallet stays selectable but is flagged: the server has the
 * last word on the balance and answers "Insufficient funds in your wallet." if it is short.
 */
export function PaymentOptions({ value, onSelect, walletCents, totalCents, guest }: PaymentOptionsProps) {
  const shortBy = totalCents - walletCents;
  return (
    <section className={styles.section} aria-labelledby="payment-heading">
      <h2 id="payment-heading" className={styles.sectionTitle}>
        Payment
      </h2>
      <fieldset className={group.group}>
        <legend className="sr-only">Payment method</legend>
        <ChoiceCard
          name="paymentMethod"
          value="card"
          checked={value === "card"}
          onChange={() => onSelect("card")}
          icon="creditCard"
          title="Credit card"
          detail="Charged to your card"
        />
        <ChoiceCard
          name="paymentMethod"
          value="wallet"
          checked={value === "wallet"}
          onChange={() => onSelect("wallet")}
          icon="wallet"
          title="Wallet"
          detail={`Balance ${formatCents(walletCents)}`}
          describedBy={shortBy > 0 ? "wallet-short" : undefined}
        >
          {shortBy > 0 && (
            <p id="wallet-short" className={styles.warning}>
              <IconGlyph name="alert" size={16} />
              {guest
                ? "Guest wallets can't pay for orders. Pay by card or sign up for a wallet."
                : `Your wallet is ${formatCents(shortBy)} short of this order's total. Pay by card or add funds.`}
            </p>
          )}
        </ChoiceCard>
      </fieldset>
    </section>
  );
}
