"use client";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { SelectField } from "@/components/ui/select-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { changeSummary, type OrderChangeJson } from "@/lib/shared/accepted-order-changes";
import type { BoardOrder } from "./board-types";
import styles from "./line-unavailable.module.css";

// "Dish unavailable" on an accepted (or ready) order's card (issue 63 item 5): the kitchen picks the
// line and how many of it, optionally a dish of the same menu to suggest, and the customer is told
// at once; the order's changes show under it, asked or settled. Its own chunk, loaded with the first
// such card. The board re-reads the order on the event the change writes.

type Dish = { id: number; name: string; price: number };

export function LineUnavailable({ order }: { order: BoardOrder }) {
  const { show } = useAlerts();
  const [open, setOpen] = useState(false);
  const [dishes, setDishes] = useState<Dish[] | null>(null);
  const [changes, setChanges] = useState<OrderChangeJson[]>([]);
  const [lineId, setLineId] = useState(String(order.orderItems[0]?.id ?? ""));
  const [quantity, setQuantity] = useState("1");
  const [replacement, setReplacement] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const base = `/api/manage/${order.restaurantId}/orders/${order.id}/changes`;

  const reload = useCallback(
    () =>
      api<{ changes: OrderChangeJson[] }>(base).then(
        (read) => setChanges(read.changes),
        () => undefined,
      ),
    [base],
  );
  // The changes on the card, re-read whenever the board re-reads the order (its total moves with an answer).
  useEffect(() => {
    void reload();
  }, [reload, order.totalCost]);
  useEffect(() => {
    if (!open || dishes) return;
    void api<Dish[]>(`/api/menu-items?restaurantId=${order.restaurantId}&limit=100`)
      .then(setDishes)
      .catch(() => setDishes([]));
  }, [open, dishes, order.restaurantId]);

  const line = order.orderItems.find((item) => String(item.id) === lineId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const body = { orderItemId: Number(lineId), quantity: Number(quantity), ...(replacement ? { replacementId: Number(replacement) } : {}) };
      await api(base, { method: "POST", body });
      show(`Order #${order.id}: the customer was asked about ${line?.name ?? "the dish"}`, "success");
      setOpen(false);
      await reload();
    } catch (failure) {
      if (failure instanceof ApiClientError && failure.errors && Object.keys(failure.errors).length) setErrors(failure.errors);
      else show(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE, "error");
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.panel}>
      {changes.length > 0 && (
        <ul className={styles.changes} aria-label={`Changes to order ${order.id}`}>
          {changes.map((change) => (
            <li key={change.id}>{changeSummary(change, formatMoney)}</li>
          ))}
        </ul>
      )}
      <details open={open} onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
        <summary className={styles.summary}>
          Dish unavailable<span className="sr-only"> in order {order.id}</span>
        </summary>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <SelectField label="Dish" value={lineId} onChange={(event) => setLineId(event.target.value)} error={errors.orderItemId}>
            {order.orderItems.map((item) => (
              <option key={item.id} value={item.id}>
                {item.quantity} × {item.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="How many are unavailable" value={quantity} onChange={(event) => setQuantity(event.target.value)} error={errors.quantity}>
            {Array.from({ length: line?.quantity ?? 1 }, (_, index) => (
              <option key={index + 1} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </SelectField>
          <SelectField label="Suggest instead (optional)" value={replacement} onChange={(event) => setReplacement(event.target.value)} error={errors.replacementId}>
            <option value="">No suggestion: remove and refund</option>
            {(dishes ?? [])
              .filter((dish) => dish.id !== line?.menu_item_id)
              .map((dish) => (
                <option key={dish.id} value={dish.id}>
                  {dish.name} ({formatMoney(dish.price)})
                </option>
              ))}
          </SelectField>
          <button type="submit" className={buttonClass({ variant: "secondary", size: "small" })} disabled={saving}>
            Ask the customer<span className="sr-only"> about order {order.id}</span>
          </button>
        </form>
      </details>
    </div>
  );
}
