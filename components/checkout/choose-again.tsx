"use client";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { CartLineInput } from "@/lib/shared/orders/cart";
import type { OrderJson } from "@/lib/server/orders/to-json";
import type { DialogWords, Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "@/lib/shared/words/fill";
import { abandonOrder, checkoutCartOf, lineBody, storeCurrentOrder, storeReorderNotice, type ChooseAgain } from "./current-order";
import styles from "./checkout.module.css";

const DishOptionsDialog = lazy(() => import("@/components/browse/dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

type Line = OrderJson["orderItems"][number];

type ChooseAgainProps = {
  order: OrderJson;
  /** The reorder's notice, kept for the replacement order. */
  notice: string | null;
  entries: ChooseAgain[];
  onReplaced: (next: OrderJson) => void;
  /** Its words (the catalogue's orderflow.checkout.chooseAgain), the choices dialog's and their language, from the server. */
  flow: { checkout: Pick<Words<"orderflow">["checkout"], "chooseAgain">; dialog: DialogWords };
  locale: Locale;
};

/**
 * Reorder's lines whose choices changed (lib/server/orders/reorder.ts): an option removed or sold
 * out today, a group added. Each names its dish and what changed, and "Choose again" opens the
 * dish's choices: a line reorder added without the lost choice starts from what it kept and is
 * replaced; a line it left out is added. Either way the order becomes a fresh Active order of its
 * lines (an order's lines never change once created), as removing an unavailable dish does.
 */
export function ChooseAgainNotice({ order, notice, entries, onReplaced, flow, locale }: ChooseAgainProps) {
  const w = flow.checkout.chooseAgain;
  const [choosing, setChoosing] = useState<ChooseAgain | null>(null);
  const loaded = useOpenedOnce(choosing !== null);
  // A reorder's order stays its one: the server replaces it (deleting this one).
  const replacing = useApiAction(
    async (entry: ChooseAgain, items: unknown[], cartId: string | undefined) => ({
      entry,
      cartId,
      next: await api<OrderJson>("/api/orders/", { method: "POST", body: { restaurant_id: order.restaurantId, items, ...(cartId ? { cartId } : {}) } }),
    }),
    {
      onSuccess: ({ entry, cartId, next }) => {
        if (cartId) storeCurrentOrder(next, cartId);
        else abandonOrder(order.id);
        storeReorderNotice(
          next.id,
          notice,
          entries.filter((other) => other !== entry),
        );
        onReplaced(next);
      },
    },
  );
  const error = replacing.message;
  if (!entries.length || order.restaurantId === null) return null;

  const lines = order.orderItems.filter((item): item is Line & { menu_item_id: number } => !item.unavailable && item.menu_item_id !== null);
  /** The order's line reorder made of this entry's past line (none when it was left out). */
  const lineOf = (entry: ChooseAgain) => (entry.added ? lines.find((line) => line.menu_item_id === entry.menuItemId) : undefined);

  const choose = async (entry: ChooseAgain, line: CartLineInput, quantity: number) => {
    const replaced = lineOf(entry);
    const options = (line.options ?? []).map((option) => option.id);
    const chosen = { menu_item_id: line.id, quantity, ...(options.length ? { options } : {}), ...(line.instructions ? { instructions: line.instructions } : {}) };
    const items = replaced ? lines.map((other) => (other === replaced ? chosen : lineBody(other))) : [...lines.map(lineBody), chosen];
    await replacing.run(entry, items, checkoutCartOf(order.id));
  };

  const current = choosing ? lineOf(choosing) : undefined;
  return (
    <div role="status" className={styles.notice}>
      <IconGlyph name="info" />
      <div>
        <p>{w.intro}</p>
        <ul className={styles.chooseList}>
          {entries.map((entry) => (
            <li key={`${entry.menuItemId}-${entry.message}`}>
              <span>
                <strong>{entry.name}</strong>: {entry.message}. {entry.added ? w.added : w.leftOut}
              </span>
              <button
                type="button"
                className={buttonClass({ variant: "secondary", size: "small" })}
                onClick={() => setChoosing(entry)}
                aria-haspopup="dialog"
                aria-label={fill(w.buttonFor, { name: entry.name })}
              >
                {w.button}
              </button>
            </li>
          ))}
        </ul>
        {error && <p className={styles.warning}>{error}</p>}
      </div>
      {loaded && choosing && (
        <Suspense fallback={null}>
          <DishOptionsDialog
            open
            onClose={() => setChoosing(null)}
            itemId={choosing.menuItemId}
            initial={
              current && {
                optionIds: current.options.flatMap((option) => (option.optionId === null ? [] : [option.optionId])),
                instructions: current.instructions,
                quantity: current.quantity,
              }
            }
            lang={{ ...flow.dialog, locale, currency: order.currency }}
            onChosen={(line, quantity) => void choose(choosing, line, quantity)}
          />
        </Suspense>
      )}
    </div>
  );
}
