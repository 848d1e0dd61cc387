"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { TextField } from "@/components/ui/text-field";
import { TitledSection } from "@/components/ui/titled-section";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { RedeemedJson } from "@/lib/server/gift-cards/redeem";
import type { GiftWords } from "./buy-gift-card";
import styles from "./gift-cards.module.css";

// A gift card's code redeemed into the wallet (POST /api/gift-cards/redeem): on the wallet page, and
// on the mail's link (/gift-cards/redeem?code=..., the field filled in). A refusal (unknown, used,
// voided, too many tries) is told beside the field; once added, the page's balance is read again.

export function RedeemGiftCard({ initialCode = "", words: w, done }: { initialCode?: string; words: GiftWords; done?: { href: string; label: string } }) {
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
    <TitledSection id="redeem-gift-card" title={w.redeemTitle} className={styles.panel} titleClassName={styles.panelTitle}>
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
    </TitledSection>
  );
}
