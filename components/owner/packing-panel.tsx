"use client";
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { PackingJson } from "@/lib/contract/orders/schemas";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import styles from "./packing-panel.module.css";

const noSubscription = () => () => {};
const BAG_CHOICES = Array.from({ length: 10 }, (_, i) => i + 1);

type PackingBody = { lines?: { orderItemId: number; packed: boolean }[]; bags?: number };

/**
 * Packed and sealed (docs/architecture/problem-reports.md "Packed and sealed"): on an accepted or
 * ready order's board card and its kitchen ticket, each line with a tick box and the bag count;
 * each tick is saved at once with who and when (PUT .../orders/{orderId}/packing), and the line
 * under them says so: "packed 4/4, Ana, 7:02 PM". Disabled until mounted and read; its own chunk
 * on the board (the board's first load is at its budget).
 */
type PackingProps = { restaurantId: number; orderId: number; initial?: PackingJson | null; words: Words<"kitchen">["board"]["packing"] };

export function PackingPanel({ restaurantId, orderId, initial = null, words }: PackingProps) {
  const { show } = useAlerts();
  const bagsId = useId();
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [packing, setPacking] = useState<PackingJson | null>(initial);
  const base = `/api/manage/${restaurantId}/orders/${orderId}/packing`;
  const change = useApiAction((body: PackingBody) => api<PackingJson>(base, { method: "PUT", body }), {
    onSuccess: setPacking,
    onError: (failure) => {
      show(failure.message, "error");
      void api<PackingJson>(base).then(setPacking, () => undefined);
    },
  });
  useEffect(() => {
    if (initial) return;
    void api<PackingJson>(base).then(setPacking, () => undefined);
  }, [base, initial]);

  // Shown at once (a tick box follows the tap), then as the server saved it; a refusal reads it again.
  const save = async (body: PackingBody) => {
    const ticked = new Map(body.lines?.map((line) => [line.orderItemId, line.packed]));
    setPacking(
      (shown) =>
        shown && {
          ...shown,
          bags: body.bags ?? shown.bags,
          lines: shown.lines.map((line) =>
            ticked.has(line.orderItemId) ? { ...line, packedAt: ticked.get(line.orderItemId) ? (line.packedAt ?? new Date().toISOString()) : null } : line,
          ),
        },
    );
    await change.run(body);
  };
  const busy = !mounted || change.busy || !packing;

  return (
    <fieldset className={styles.packing} data-packing={orderId}>
      <legend className={styles.legend}>{words.legend}</legend>
      {packing ? (
        <ul className={styles.lines}>
          {packing.lines.map((line) => (
            <li key={line.orderItemId}>
              <label className={styles.line}>
                <input
                  type="checkbox"
                  checked={line.packedAt !== null}
                  disabled={busy}
                  onChange={(event) => void save({ lines: [{ orderItemId: line.orderItemId, packed: event.target.checked }] })}
                />
                <span>
                  {line.quantity} × {line.name}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.status}>{words.loading}</p>
      )}
      <div className={styles.bags}>
        <label htmlFor={bagsId}>{words.bags}</label>
        <select id={bagsId} value={packing?.bags ?? ""} disabled={busy} onChange={(event) => event.target.value && void save({ bags: Number(event.target.value) })}>
          <option value="">{words.notCounted}</option>
          {BAG_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.status} role="status">
        {packing?.summary ? packing.summary.replace(/^packed/, words.packed) : packing ? words.notPacked : ""}
        {packing?.bagsConfirmed != null &&
          ` · ${packing.bagsConfirmed === 1 ? words.courierCountedOne : fill(words.courierCountedMany, { count: packing.bagsConfirmed })}`}
      </p>
    </fieldset>
  );
}
