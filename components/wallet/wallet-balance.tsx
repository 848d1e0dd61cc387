"use client";
import Link from "@/components/ui/link";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { SIGNUP_WALLET_CENTS, WALLET_TOP_UP_CENTS } from "@/lib/shared/constants";
import { centsToDollars, formatCents } from "@/lib/shared/money";
import type { UserJson } from "@/lib/server/accounts/users";
import { useGuestWallet } from "./use-guest-wallet";
import styles from "./wallet.module.css";

/**
 * The balance (its promotional part named) and Add Funds: where demo data is on, +1000 of
 * promotional credit a press (the spec's; a guest's top-up is only local); otherwise it opens the
 * card top-up (`onAddByCard`).
 */
export function WalletBalance({
  user,
  promotionalCents,
  onTopUp,
  onAddByCard,
}: {
  user: UserJson;
  promotionalCents: number;
  onTopUp: (addedCents: number) => void;
  onAddByCard: (() => void) | null;
}) {
  const { setUser } = useSession();
  const { show } = useAlerts();
  const guestWallet = useGuestWallet(user.id);
  const [adding, setAdding] = useState(false);
  const guest = user.guestAccount;
  const balanceCents = guest ? guestWallet.cents : Math.round(user.wallet * 100);

  const addFunds = async () => {
    if (onAddByCard && !guest) {
      onAddByCard();
      return;
    }
    if (guest) {
      guestWallet.add(WALLET_TOP_UP_CENTS);
      show(`${formatCents(WALLET_TOP_UP_CENTS)} added to your local guest balance`, "success");
      return;
    }
    setAdding(true);
    try {
      setUser(await api<UserJson>(`/api/users/wallet/${user.id}`, { method: "PUT", body: { amount: centsToDollars(WALLET_TOP_UP_CENTS) } }));
      show(`${formatCents(WALLET_TOP_UP_CENTS)} added to your wallet`, "success");
      onTopUp(WALLET_TOP_UP_CENTS);
    } catch (failure) {
      show(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE, "error");
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className={styles.balanceCard} aria-labelledby="balance-label">
      <div className={styles.balanceText}>
        <p id="balance-label" className={styles.balanceLabel}>
          <IconGlyph name="wallet" size={18} />
          {guest ? "Local guest balance" : "Wallet balance"}
        </p>
        <p className={styles.balance} aria-live="polite" data-testid="wallet-balance">
          {formatCents(balanceCents)}
        </p>
        {!guest && promotionalCents > 0 && (
          <p className={styles.balanceHint} data-testid="wallet-promotional">
            Includes {formatCents(promotionalCents)} promotional credit, spent first.
          </p>
        )}
        <p className={styles.balanceHint}>
          {guest ? "" : "Pay for orders at checkout. "}
          {onAddByCard && !guest ? "Add funds with a card." : `Each Add Funds adds ${formatCents(WALLET_TOP_UP_CENTS)}.`}
        </p>
      </div>
      <button type="button" className={buttonClass({ size: "large", className: styles.addButton })} onClick={addFunds} disabled={adding}>
        <IconGlyph name="plus" />
        {adding ? "Adding funds…" : "Add Funds"}
      </button>
      {guest && (
        <div className={styles.guestNote}>
          <IconGlyph name="info" />
          <p>
            You are using a guest account, so funds you add are kept in this browser only and can&apos;t pay for orders. <Link href="/signup">Sign up</Link> to get a real
            wallet with {formatCents(SIGNUP_WALLET_CENTS)} to spend.
          </p>
        </div>
      )}
    </section>
  );
}
