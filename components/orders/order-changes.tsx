"use client";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { changeSummary, type ChangeAnswer, type OrderChangeJson } from "@/lib/shared/accepted-order-changes";
import { formatTime } from "@/lib/shared/format-date";
import base from "./order-detail.module.css";
import styles from "./order-changes.module.css";

// The dish page's option picker, in its dialog, for a replacement with options: loaded when opened.
const DishOptionsDialog = lazy(() => import("@/components/browse/dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

// The order page's changes: a dish the kitchen marked unavailable asks the
// customer to take the suggested replacement or have it removed (with what either costs or gives
// back, and until when); settled changes say what was refunded or charged. Re-read whenever the
// order is (`wake`: the page's live stream re-reads it on the change's event). Its own chunk. A
// replacement with options opens the dish page's picker (DishChoices in its dialog) and answers
// with the chosen options. The receipt beside it is the server's: a change settled since the last
// read (the customer's answer, or the timeout's) renders the page again, so it lists the new lines.

export function OrderChanges({ orderId, wake }: { orderId: number; wake: unknown }) {
  const router = useRouter();
  const [changes, setChanges] = useState<OrderChangeJson[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<{ id: number; message: string } | null>(null);
  const [choosing, setChoosing] = useState<OrderChangeJson | null>(null);
  const reload = useCallback(
    () =>
      api<{ changes: OrderChangeJson[] }>(`/api/orders/${orderId}/changes`).then(
        (read) => setChanges(read.changes),
        () => undefined,
      ),
    [orderId],
  );
  useEffect(() => {
    void reload();
  }, [reload, wake]);
  // How many were settled at the last read (null: not read yet): one more, and the receipt is stale.
  const settledAtLastRead = useRef<number | null>(null);
  useEffect(() => {
    if (changes === null) return;
    const settledNow = changes.filter((change) => change.state !== "asked").length;
    if (settledAtLastRead.current !== null && settledNow > settledAtLastRead.current) router.refresh();
    settledAtLastRead.current = settledNow;
  }, [changes, router]);

  const answer = async (change: OrderChangeJson, choice: ChangeAnswer, options?: number[]) => {
    setBusy(change.id);
    setError(null);
    try {
      const body = options ? { answer: choice, options } : { answer: choice };
      const answered = await api<{ changes: OrderChangeJson[] }>(`/api/orders/${orderId}/changes/${change.id}`, { method: "PUT", body });
      setChanges(answered.changes);
    } catch (failure) {
      const message = failure instanceof ApiClientError ? (failure.errors.answer ?? failure.errors.options ?? failure.message) : SERVER_FAILURE;
      setError({ id: change.id, message });
      await reload();
    } finally {
      setBusy(null);
    }
  };

  if (!changes?.length) return null;
  const asked = changes.filter((change) => change.state === "asked");
  const settled = changes.filter((change) => change.state !== "asked");
  return (
    <section className={`${base.card} ${asked.length ? styles.prompt : ""}`} aria-labelledby="order-changes-title">
      <h2 id="order-changes-title" className={base.receiptTitle}>
        {asked.length ? "The restaurant needs your answer" : "Changes to your order"}
      </h2>
      <ul className={styles.list}>
        {asked.map((change) => {
          const what = `${change.quantity} × ${change.itemName}`;
          const removal = change.itemPrice * change.quantity;
          return (
            <li key={change.id} aria-live="polite">
              <p>
                <strong>{what}</strong> is unavailable.{" "}
                {change.replacement
                  ? `The kitchen suggests ${change.replacement.name} (${formatMoney(change.replacement.price)} each) instead.`
                  : "It can only be removed and refunded."}
              </p>
              <p className={styles.muted}>
                Removing it refunds about {formatMoney(removal)} plus its share of fees. Without an answer by {formatTime(change.answerBy)} it is removed and refunded.
              </p>
              {error?.id === change.id && (
                <p className={styles.error} role="alert">
                  {error.message}
                </p>
              )}
              <div className={styles.actions}>
                {change.replacement && (
                  <button
                    type="button"
                    className={buttonClass({ size: "small" })}
                    disabled={busy !== null}
                    onClick={() => (change.replacement?.hasOptions ? setChoosing(change) : void answer(change, "replace"))}
                  >
                    {change.replacement.hasOptions ? `Choose ${change.replacement.name}` : `Take ${change.replacement.name}`}
                  </button>
                )}
                <button
                  type="button"
                  className={buttonClass({ variant: "secondary", size: "small" })}
                  disabled={busy !== null}
                  onClick={() => void answer(change, "remove")}
                >
                  Remove and refund
                </button>
              </div>
            </li>
          );
        })}
        {settled.map((change) => (
          <li key={change.id} className={styles.muted}>
            {changeSummary(change, formatMoney)}
          </li>
        ))}
      </ul>
      {choosing?.replacement && (
        <Suspense fallback={null}>
          <DishOptionsDialog
            open
            onClose={() => setChoosing(null)}
            itemId={choosing.replacement.id}
            initial={{ optionIds: [], instructions: null, quantity: choosing.quantity }}
            fixedQuantity
            onChosen={(line) => void answer(choosing, "replace", line.options?.map((option) => option.id) ?? [])}
          />
        </Suspense>
      )}
    </section>
  );
}
