"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { RedeemedJson } from "@/lib/server/gift-cards/redeem";
import type { GiftWords } from "./buy-gift-card";
import styles from "./gift-cards.module.css";

// A gift card's code redeemed into the wallet (POST /api/gift-cards/redeem), on /gift-cards/redeem
// and on the wallet page: only a press redeems. The mail's link fills the field in; opening a link,
// or a prefetch of one, redeems nothing. A refusal (unknown, used, voided, too many tries) is told
// beside the field; once redeemed, the page is read again (the wallet's balance and statement).
// Its titled panel is the page's (server-rendered).

export function RedeemGiftCard({
  initialCode = "",
  words: w,
  done,
}: {
  initialCode?: string;
  words: GiftWords;
  /** A link shown once redeemed ("Go to wallet"); none on the wallet page itself. */
  done?: { href: string; label: string };
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
      router.refresh();
    },
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
        {redeemed && done && (
          <Link className={buttonClass({ variant: "secondary", size: "large" })} href={done.href}>
            {done.label}
          </Link>
        )}
      </div>
    </form>
  );
}
