"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { RedeemedJson } from "@/lib/server/gift-cards/redeem";
import type { GiftWords } from "./buy-gift-card";
import styles from "./gift-cards.module.css";

// A gift card's code redeemed into the wallet (POST /api/gift-cards/redeem) on /gift-cards/redeem:
// the mail's link fills the field in (nothing is redeemed until pressed); the wallet page's plain
// code field sends `from=wallet`, redeemed at once and back to the wallet. A refusal (unknown, used,
// voided, too many tries) is told beside the field. Its titled panel is the page's (server-rendered).

export function RedeemGiftCard({
  initialCode = "",
  words: w,
  done,
  fromWallet = false,
}: {
  initialCode?: string;
  words: GiftWords;
  done: { href: string; label: string };
  /** Sent by the wallet page's code field: redeemed at once, then back to the wallet. */
  fromWallet?: boolean;
}) {
  const router = useRouter();
  const { show } = useAlerts();
  const [code, setCode] = useState(initialCode);
  const [redeemed, setRedeemed] = useState(false);
  const redeem = useApiAction((body: { code: string }) => api<RedeemedJson>("/api/gift-cards/redeem", { method: "POST", body }), {
    onSuccess: (answer) => {
      show(answer.message, "success");
      setCode("");
      setRedeemed(true);
      if (fromWallet) router.push(done.href);
      else router.refresh();
    },
  });
  // The wallet's field asked for it (a press there): once, however often React runs effects.
  const asked = useRef(false);
  useEffect(() => {
    if (!fromWallet || !initialCode.trim() || asked.current) return;
    asked.current = true;
    void redeem.run({ code: initialCode.trim() });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRedeemed(false);
    void redeem.run({ code: code.trim() });
  };
  const error = redeem.failure ? (redeem.errors.code ?? redeem.failure.message) : undefined;
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <TextField
        label={w.code}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        hint={w.codeHint}
      />
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "large" })} disabled={redeem.busy || !code.trim()}>
          {redeem.busy ? w.redeeming : w.redeem}
        </button>
        {redeemed && (
          <Link className={buttonClass({ variant: "secondary", size: "large" })} href={done.href}>
            {done.label}
          </Link>
        )}
      </div>
    </form>
  );
}
