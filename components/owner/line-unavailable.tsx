"use client";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { formatMoney } from "@/components/ui/format";
import { SelectField } from "@/components/ui/select-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";
import { changeSummary, type OrderChangeJson } from "@/lib/shared/orders/accepted-order-changes";
import { LineChoices } from "@/components/orders/line-choices";
import type { BoardOrder } from "./board-types";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import fieldStyles from "@/components/ui/text-field.module.css";
import styles from "./line-unavailable.module.css";

// "Dish unavailable" on an accepted (or ready) order's card: the kitchen picks the
// line and how many of it, optionally a dish of the same menu to suggest, and the customer is told
// at once; the order's changes show under it, asked or settled. Its own chunk, loaded with the first
// such card. The changes are re-read on every event of this order on the page's one stream (a change
// marked on another screen, an answer, the timeout). The lines are radios, so a long dish name wraps
// in a narrow board column; the suggestion, a select over the whole menu, is repeated in full under
// it. A sent form starts afresh (first line still free, no suggestion, the menu read again), and
// choosing another line drops the quantity and suggestion made for the previous one.

type Dish = { id: number; name: string; price: number };

export function LineUnavailable({ order, words, locale }: { order: BoardOrder; words: Words<"kitchen">["board"]["unavailable"]; locale: Locale }) {
  const money = (dollars: number) => formatMoney(dollars, locale);
  const { show } = useAlerts();
  const legendId = useId();
  const [open, setOpen] = useState(false);
  const [dishes, setDishes] = useState<Dish[] | null>(null);
  const [changes, setChanges] = useState<OrderChangeJson[]>([]);
  const [lineId, setLineId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [replacement, setReplacement] = useState("");
  const base = `/api/manage/${order.restaurantId}/orders/${order.id}/changes`;

  const reload = useCallback(
    () =>
      api<{ changes: OrderChangeJson[] }>(base).then(
        (read) => setChanges(read.changes),
        () => undefined,
      ),
    [base],
  );
  // A refusal naming fields is told beside them; any other as an alert.
  const ask = useApiAction((body: Record<string, unknown>, name: string) => api(base, { method: "POST", body }).then(() => name), {
    onSuccess: async (name) => {
      show(fill(words.asked, { id: order.id, name }), "success");
      setOpen(false);
      setLineId(null);
      setQuantity(1);
      setReplacement("");
      setDishes(null);
      await reload();
    },
    onError: (failure) => {
      if (!Object.keys(failure.errors).length) show(failure.message, "error");
    },
  });
  const { errors, busy: saving } = ask;
  useOrderEvents(PERSONAL_STREAM, { onSync: reload, accept: (event) => event.orderId === order.id });
  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => {
    if (!open || dishes) return;
    void api<Dish[]>(`/api/menu-items?restaurantId=${order.restaurantId}&limit=100`)
      .then(setDishes)
      .catch(() => setDishes([]));
  }, [open, dishes, order.restaurantId]);

  // The line chosen while it is still on the order, else the first one not already waiting for an answer.
  const waiting = new Set(changes.filter((change) => change.state === "asked").map((change) => change.orderItemId));
  const line = order.orderItems.find((item) => item.id === lineId) ?? order.orderItems.find((item) => !waiting.has(item.id)) ?? order.orderItems[0];
  const count = Math.min(quantity, line?.quantity ?? 1);
  const suggestion = (dishes ?? []).find((dish) => String(dish.id) === replacement && dish.id !== line?.menu_item_id) ?? null;

  const chooseLine = (id: number) => {
    setLineId(id);
    setQuantity(1);
    setReplacement("");
    ask.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!line) return;
    await ask.run({ orderItemId: line.id, quantity: count, ...(suggestion ? { replacementId: suggestion.id } : {}) }, line.name);
  };

  return (
    <div className={styles.panel}>
      {changes.length > 0 && (
        <ul className={styles.changes} aria-label={fill(words.changes, { id: order.id })}>
          {changes.map((change) => (
            <li key={change.id}>{changeSummary(change, money)}</li>
          ))}
        </ul>
      )}
      <details open={open} onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
        {/* A disclosure that looks like the card's other buttons (the house's secondary button), its chevron turning when open. */}
        <summary className={buttonClass({ variant: "secondary", size: "small", className: styles.summary })}>
          {words.summary}
          <span className="sr-only"> {fill(words.inOrder, { id: order.id })}</span>
          <IconGlyph name="chevronDown" size={16} className={styles.chevron} />
        </summary>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className={styles.lines} aria-describedby={errors.orderItemId ? `${legendId}-error` : undefined}>
            <legend id={legendId} className={fieldStyles.label}>
              {words.dish}
            </legend>
            {order.orderItems.map((item) => (
              <label key={item.id} className={styles.line}>
                <input type="radio" name={`${legendId}-line`} checked={item.id === line?.id} onChange={() => chooseLine(item.id)} />
                <span>
                  {item.quantity} × {item.name}
                  <LineChoices options={item.options} lang={{ locale, instructions: "" }} />
                  {waiting.has(item.id) && <span className={styles.waiting}> {words.waiting}</span>}
                </span>
              </label>
            ))}
            {errors.orderItemId && (
              <p id={`${legendId}-error`} className={fieldStyles.error}>
                {errors.orderItemId}
              </p>
            )}
          </fieldset>
          <SelectField label={words.howMany} value={count} onChange={(event) => setQuantity(Number(event.target.value))} error={errors.quantity}>
            {Array.from({ length: line?.quantity ?? 1 }, (_, index) => (
              <option key={index + 1} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </SelectField>
          <SelectField label={words.suggest} value={suggestion ? replacement : ""} onChange={(event) => setReplacement(event.target.value)} error={errors.replacementId}>
            <option value="">{words.noSuggestion}</option>
            {(dishes ?? [])
              .filter((dish) => dish.id !== line?.menu_item_id)
              .map((dish) => (
                <option key={dish.id} value={dish.id}>
                  {dish.name} ({money(dish.price)})
                </option>
              ))}
          </SelectField>
          {line && (
            <p className={styles.asking} aria-live="polite" data-testid="change-preview">
              {count} × {line.name}: {suggestion ? fill(words.suggesting, { name: suggestion.name, price: money(suggestion.price) }) : words.removed}
            </p>
          )}
          <button type="submit" className={buttonClass({ variant: "secondary", size: "small" })} disabled={saving || !line}>
            {words.ask}
            <span className="sr-only"> {fill(words.aboutOrder, { id: order.id })}</span>
          </button>
        </form>
      </details>
    </div>
  );
}
