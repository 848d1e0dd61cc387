"use client";
import Link from "@/components/ui/link";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { SIGNUP_WALLET_CENTS, WALLET_TOP_UP_CENTS } from "@/lib/shared/constants";
import { centsToDollars, formatCents } from "@/lib/shared/money/money";
import type { UserJson } from "@/lib/server/accounts/users";
import { useGuestWallet } from "./use-guest-wallet";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./wallet.module.css";

/**
 * The balance (its promotional part named) and Add Funds: where demo data is on, +1000 of
 * promotional credit a press (the spec's; a guest's top-up is only local); otherwise it opens the
 * card top-up (`onAddByCard`). Another `currency` than USD: its `otherCents`, and Add Funds only by card.
 */
export function WalletBalance({
  user,
  promotionalCents,
  onTopUp,
  onAddByCard,
  words: w,
  locale,
  currency,
  otherCents,
}: {
  user: UserJson;
  promotionalCents: number;
  onTopUp: (addedCents: number) => void;
  onAddByCard: (() => void) | null;
  words: Words<"profile">["wallet"]["balance"];
  locale: Locale;
  currency?: string;
  otherCents?: number;
}) {
  const money = (cents: number) => formatCents(cents, { locale, currency });
  const { setUser } = useSession();
  const { show } = useAlerts();
  const guestWallet = useGuestWallet(user.id);
  const topUp = useApiAction(() => api<UserJson>(`/api/users/wallet/${user.id}`, { method: "PUT", body: { amount: centsToDollars(WALLET_TOP_UP_CENTS) } }), {
    onSuccess: (updated) => {
      setUser(updated);
      show(fill(w.added, { amount: money(WALLET_TOP_UP_CENTS) }), "success");
      onTopUp(WALLET_TOP_UP_CENTS);
    },
    onError: (failure) => show(failure.message, "error"),
  });
  const adding = topUp.busy;
  const guest = user.guestAccount;
  const balanceCents = guest ? guestWallet.cents : (otherCents ?? Math.round(user.wallet * 100));

  const addFunds = async () => {
    if (onAddByCard && !guest) {
      onAddByCard();
      return;
    }
    if (guest) {
      guestWallet.add(WALLET_TOP_UP_CENTS);
      show(fill(w.guestAdded, { amount: money(WALLET_TOP_UP_CENTS) }), "success");
      return;
    }
    await topUp.run();
  };

  return (
    <section className={styles.balanceCard} aria-labelledby="balance-label">
      <div className={styles.balanceText}>
        <p id="balance-label" className={styles.balanceLabel}>
          <IconGlyph name="wallet" size={18} />
          {guest ? w.guestLabel : w.label}
        </p>
        <p className={styles.balance} aria-live="polite" data-testid="wallet-balance">
          {money(balanceCents)}
        </p>
        {!guest && promotionalCents > 0 && (
          <p className={styles.balanceHint} data-testid="wallet-promotional">
            {fill(w.promotional, { amount: money(promotionalCents) })}
          </p>
        )}
        <p className={styles.balanceHint}>
          {guest ? "" : w.payAtCheckout}
          {(onAddByCard || currency) && !guest ? w.byCard : fill(w.each, { amount: money(WALLET_TOP_UP_CENTS) })}
        </p>
      </div>
      {(onAddByCard || !currency) && (
        <button type="button" className={buttonClass({ size: "large", className: styles.addButton })} onClick={addFunds} disabled={adding}>
          <IconGlyph name="plus" />
          {adding ? w.adding : w.add}
        </button>
      )}
      {guest && (
        <div className={styles.guestNote}>
          <IconGlyph name="info" />
          <p>
            {w.guestBefore}
            <Link href="/signup">{w.signUp}</Link>
            {fill(w.guestAfter, { amount: money(SIGNUP_WALLET_CENTS) })}
          </p>
        </div>
      )}
    </section>
  );
}
