"use client";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { SavedCards } from "@/components/checkout/saved-cards";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TitledSection } from "@/components/ui/titled-section";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import type { PreviewJson } from "@/lib/server/gift-cards/preview";
import type { GiftPurchaseJson } from "@/lib/server/payments/gift-card-purchase";
import { majorToMinor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "@/lib/shared/words/fill";
import type { CardWords } from "@/components/wallet/card-top-up";
import type { GiftBody, GiftWords } from "./buy-gift-card";
import styles from "./gift-cards.module.css";

// A company's gift cards (POST /api/gift-cards/preview, then POST /api/gift-cards): a CSV pasted or
// chosen as a file, checked by the server's own rules row by row (each row's errors beside it), then
// one card payment for the valid rows' total once no row is marked.

export function BulkGiftCards({ currency, words: w, cardWords, locale }: { currency: string; words: GiftWords; cardWords: CardWords; locale: Locale }) {
  const router = useRouter();
  const { show } = useAlerts();
  const [csv, setCsv] = useState("");
  const [preview, setPreview] = useState<PreviewJson | null>(null);
  const [card, setCard] = useState<number | null>(null);
  const actions = useApiActions();
  const { errors, failure } = actions;
  const money = (major: number) => formatCents(majorToMinor(major, currency) ?? 0, { locale, currency });
  const marked = preview ? preview.rows.filter((row) => Object.keys(row.errors).length) : [];

  const check = async () => {
    setPreview(null);
    const answer = await actions.run("preview", () => api<PreviewJson>("/api/gift-cards/preview", { method: "POST", body: { csv, currency } }));
    if (answer) setPreview(answer);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setCsv(await file.text());
    setPreview(null);
  };

  const buy = async () => {
    if (!preview || marked.length) return;
    const body: GiftBody = {
      currency,
      recipients: preview.rows.map((row) => ({ email: row.email, amount: row.amount, ...(row.message ? { message: row.message } : {}) })),
      ...(card === null ? {} : { paymentMethodId: card }),
    };
    const answer = await actions.run("buy", () =>
      api<GiftPurchaseJson>("/api/gift-cards", { method: "POST", body, headers: { "Idempotency-Key": crypto.randomUUID() } }),
    );
    if (!answer) return;
    show(answer.message, "success");
    setCsv("");
    setPreview(null);
    router.refresh();
  };

  const cardError = failure && (failure.status === 402 || errors.paymentMethodId) ? failure.message : null;
  const formError = failure && !cardError ? (errors.csv ?? failure.message) : null;

  return (
    <TitledSection id="bulk-gift-cards" title={w.bulkTitle} className={styles.panel} titleClassName={styles.panelTitle}>
      <p className={styles.intro}>{w.bulkIntro}</p>
      <TextAreaField
        label={w.csv}
        name="csv"
        rows={5}
        value={csv}
        placeholder={"email,amount,message\nana@example.com,25,Thank you!"}
        onChange={(event) => {
          setCsv(event.target.value);
          setPreview(null);
        }}
        error={formError ?? undefined}
      />
      <label className={styles.intro}>
        {w.csvFile} <input type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} />
      </label>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "large" })}
          disabled={!csv.trim() || actions.busy !== null}
          onClick={() => void check()}
        >
          {actions.busy === "preview" ? w.previewing : w.preview}
        </button>
      </div>
      {preview && (
        <>
          <p className={styles.total} aria-live="polite">
            {fill(w.previewTitle, { count: preview.rows.length, amount: money(preview.total) })}
          </p>
          <ul className={styles.list} aria-label={w.csv}>
            {preview.rows.map((row) => (
              <li key={row.line} className={styles.item}>
                <span className={styles.who}>{row.email || "—"}</span>
                <span className={styles.amount}>{row.amountValue === null ? row.amount : money(row.amountValue)}</span>
                <span className={styles.meta}>
                  {fill(w.rowLine, { line: row.line })}
                  {row.message && ` · ${row.message}`}
                </span>
                {Object.entries(row.errors).map(([field, text]) => (
                  <span key={field} className={styles.rowError}>
                    {text}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          {marked.length > 0 ? (
            <p role="alert" className={styles.rowError}>
              {w.rowErrors}
            </p>
          ) : (
            <>
              <SavedCards value={card} onChange={setCard} error={cardError} words={cardWords} currency={currency} />
              <div className={styles.actions}>
                <button type="button" className={buttonClass({ size: "large" })} disabled={actions.busy !== null} onClick={() => void buy()}>
                  {actions.busy === "buy" ? w.paying : fill(w.buyAll, { amount: money(preview.total) })}
                </button>
              </div>
            </>
          )}
        </>
      )}
    </TitledSection>
  );
}
