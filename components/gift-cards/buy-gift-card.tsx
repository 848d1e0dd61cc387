"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { SavedCards } from "@/components/checkout/saved-cards";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { TitledSection } from "@/components/ui/titled-section";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { GiftPurchaseJson } from "@/lib/server/payments/gift-card-purchase";
import { GIFT_CARD_BOUNDS, GIFT_CARD_MESSAGE_MAX } from "@/lib/shared/money/gift-cards";
import { formatCents } from "@/lib/shared/money/money";
import { majorToMinor } from "@/lib/shared/money/currency";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { CardWords } from "@/components/wallet/card-top-up";
import styles from "./gift-cards.module.css";

// One gift card bought by card (POST /api/gift-cards, one Idempotency-Key per attempt): an amount
// in a market's currency within its bounds, the recipient's email, a message and an optional date
// to send it; the server's refusals beside their fields (`recipients.0.amount`...), a decline beside
// the cards. The list of cards sent is the page's, read again once the card is bought.

export type GiftWords = Words<"profile">["giftCards"];
export type GiftBody = { recipients: { email: string; amount: string; message?: string }[]; currency: string; sendOn?: string; paymentMethodId?: number };

/** Where a purchase's refusal of the first recipient (or the whole) sits. */
const recipientError = (errors: Record<string, string>, field: string) => errors[`recipients.0.${field}`] ?? errors[field];

const EMPTY = { amount: "", email: "", message: "", sendOn: "" };

export function BuyGiftCard({ currencies, words: w, cardWords, locale }: { currencies: string[]; words: GiftWords; cardWords: CardWords; locale: Locale }) {
  const router = useRouter();
  const { show } = useAlerts();
  const [currency, setCurrency] = useState(currencies[0] ?? "USD");
  const [form, setForm] = useState(EMPTY);
  const [card, setCard] = useState<number | null>(null);
  const buy = useApiAction((body: GiftBody) => api<GiftPurchaseJson>("/api/gift-cards", { method: "POST", body, headers: { "Idempotency-Key": crypto.randomUUID() } }), {
    onSuccess: (answer) => {
      show(answer.message, "success");
      setForm(EMPTY);
      router.refresh();
    },
  });
  const { errors, failure } = buy;
  const cardError = failure && (failure.status === 402 || errors.paymentMethodId) ? failure.message : null;
  const named = ["recipients.0.amount", "recipients.0.email", "recipients.0.message", "sendOn", "currency", "paymentMethodId"];
  const otherError = failure && failure.status !== 402 && !named.some((field) => errors[field]) ? failure.message : null;
  const bounds = GIFT_CARD_BOUNDS[currency] ?? { min: 0, max: 0 };
  const money = (major: number) => formatCents(majorToMinor(major, currency) ?? 0, { locale, currency });
  /** A field's name, value, change and refusal. */
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((was) => ({ ...was, [name]: event.target.value })),
    error: recipientError(errors, name),
  });
  const { amount, email, message, sendOn } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void buy.run({
      recipients: [{ email: email.trim(), amount: amount.trim(), ...(message.trim() ? { message: message.trim() } : {}) }],
      currency,
      ...(sendOn ? { sendOn } : {}),
      ...(card === null ? {} : { paymentMethodId: card }),
    });
  };

  return (
    <TitledSection id="buy-gift-card" title={w.buyTitle} className={styles.panel} titleClassName={styles.panelTitle}>
      <form onSubmit={submit} noValidate className={styles.form}>
        {currencies.length > 1 && (
          <SelectField label={w.currency} name="currency" value={currency} onChange={(event) => setCurrency(event.target.value)} error={errors.currency}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label={fill(w.amount, { currency })}
          inputMode="decimal"
          autoComplete="off"
          hint={fill(w.amountHint, { min: money(bounds.min), max: money(bounds.max) })}
          {...field("amount")}
        />
        <TextField label={w.email} type="email" autoComplete="off" {...field("email")} />
        <TextAreaField label={w.message} rows={3} maxLength={GIFT_CARD_MESSAGE_MAX} {...field("message")} />
        <TextField label={w.sendOn} type="date" hint={w.sendOnHint} {...field("sendOn")} />
        <SavedCards value={card} onChange={setCard} error={cardError} words={cardWords} currency={currency} />
        {otherError && (
          <p role="alert" className={styles.rowError}>
            {otherError}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={buttonClass({ size: "large" })} disabled={buy.busy}>
            {buy.busy ? w.paying : w.buy}
          </button>
        </div>
      </form>
    </TitledSection>
  );
}
