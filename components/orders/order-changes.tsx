"use client";
import { useRouter } from "next/navigation";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { ChangeAnswer, OrderChangeJson } from "@/lib/shared/orders/accepted-order-changes";
import type { Locale } from "@/lib/i18n/locale";
import type { DialogWords, Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatTime } from "@/lib/shared/time/format-date";
import base from "./order-detail.module.css";
import styles from "./order-changes.module.css";

// The dish page's option picker, in its dialog, for a replacement with options: loaded when opened.
const DishOptionsDialog = lazyComponent(() => import("@/components/browse/dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

// The order page's changes: a dish the kitchen marked unavailable asks the
// customer to take the suggested replacement or have it removed (with what either costs or gives
// back, and until when); settled changes say what was refunded or charged. Re-read whenever the
// order is (`wake`: the page's live stream re-reads it on the change's event). Its own chunk. A
// replacement with options opens the dish page's picker (DishChoices in its dialog) and answers
// with the chosen options. The receipt beside it is the server's: a change settled since the last
// read (the customer's answer, or the timeout's) renders the page again, so it lists the new lines.

type ChangesWords = Words<"orderflow">["orders"]["changes"];

/** A settled change in the page's language (lib/shared/orders/accepted-order-changes.ts changeSummary words the server's). */
function summary(change: OrderChangeJson, w: ChangesWords, money: (dollars: number) => string): string {
  const what = fill(w.what, { quantity: change.quantity, name: change.itemName });
  const moved = change.delta < 0 ? fill(w.refunded, { amount: money(-change.delta) }) : change.delta > 0 ? fill(w.charged, { amount: money(change.delta) }) : "";
  if (change.state === "replaced") return fill(w.replaced, { what, dish: change.replacement?.name ?? w.anotherDish, moved });
  return fill(w[change.state], { what, moved });
}

export function OrderChanges({
  orderId,
  wake,
  words: w,
  locale,
  currency,
  dialog,
}: {
  orderId: number;
  wake: unknown;
  /** The replacement's choices dialog's words (the catalogue's dish), from the server. */
  dialog: DialogWords;
  /** Its words (the catalogue's orderflow.orders.changes) and the amounts' and times' language, from the server. */
  words: ChangesWords;
  locale: Locale;
  /** The order's currency; USD's when absent. */
  currency?: string;
}) {
  const money = (dollars: number) => formatMoney(dollars, locale, currency);
  const router = useRouter();
  const [changes, setChanges] = useState<OrderChangeJson[] | null>(null);
  // The change last answered: its refusal shows under it.
  const [answered, setAnswered] = useState<number | null>(null);
  const [reloading, setReloading] = useState(false);
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

  const answering = useApiAction(
    (change: OrderChangeJson, choice: ChangeAnswer, options?: number[]) =>
      api<{ changes: OrderChangeJson[] }>(`/api/orders/${orderId}/changes/${change.id}`, {
        method: "PUT",
        body: options ? { answer: choice, options } : { answer: choice },
      }),
    {
      onSuccess: (next) => setChanges(next.changes),
      // Refused (answered elsewhere, the restaurant withdrew it): the changes as they stand now.
      onError: () => {
        setReloading(true);
        void reload().finally(() => setReloading(false));
      },
    },
  );
  const { failure } = answering;
  const busy = answering.busy || reloading ? answered : null;
  const error = failure && answered !== null ? { id: answered, message: failure.errors.answer ?? failure.errors.options ?? failure.message } : null;
  const answer = (change: OrderChangeJson, choice: ChangeAnswer, options?: number[]) => {
    setAnswered(change.id);
    return answering.run(change, choice, options);
  };

  if (!changes?.length) return null;
  const asked = changes.filter((change) => change.state === "asked");
  const settled = changes.filter((change) => change.state !== "asked");
  return (
    <section className={`${base.card} ${asked.length ? styles.prompt : ""}`} aria-labelledby="order-changes-title">
      <h2 id="order-changes-title" className={base.receiptTitle}>
        {asked.length ? w.needsAnswer : w.title}
      </h2>
      <ul className={styles.list}>
        {asked.map((change) => {
          const what = fill(w.what, { quantity: change.quantity, name: change.itemName });
          const removal = change.itemPrice * change.quantity;
          return (
            <li key={change.id} aria-live="polite">
              <p>
                <strong>{what}</strong> {w.unavailable}{" "}
                {change.replacement ? fill(w.suggests, { name: change.replacement.name, price: money(change.replacement.price) }) : w.onlyRemove}
              </p>
              <p className={styles.muted}>{fill(w.removing, { amount: money(removal), time: formatTime(change.answerBy, undefined, locale) })}</p>
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
                    {fill(change.replacement.hasOptions ? w.choose : w.take, { name: change.replacement.name })}
                  </button>
                )}
                <button
                  type="button"
                  className={buttonClass({ variant: "secondary", size: "small" })}
                  disabled={busy !== null}
                  onClick={() => void answer(change, "remove")}
                >
                  {w.remove}
                </button>
              </div>
            </li>
          );
        })}
        {settled.map((change) => (
          <li key={change.id} className={styles.muted}>
            {summary(change, w, money)}
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
            lang={{ ...dialog, locale, currency }}
            onChosen={(line) => void answer(choosing, "replace", line.options?.map((option) => option.id) ?? [])}
          />
        </Suspense>
      )}
    </section>
  );
}
