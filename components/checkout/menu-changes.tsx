"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useHydrated } from "@/components/ui/use-hydrated";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { abandonOrder, checkoutCartOf, lineBody, storeCurrentOrder } from "./current-order";
import styles from "./checkout.module.css";

type Line = OrderJson["orderItems"][number];
const cents = (dollars: number) => Math.round(dollars * 100);

/** The lines as submit will charge them: today's prices, dishes no longer on the menu left out. */
export function chargeableLines(order: OrderJson): { priceCents: number; quantity: number }[] {
  return order.orderItems.filter((line) => !line.unavailable).map((line) => ({ priceCents: cents(line.currentPrice), quantity: line.quantity }));
}

type MenuChangesWords = Words<"orderflow">["checkout"]["menuChanges"];

/** "Fudge Brownie is no longer available. Remove it to continue." in the page's language (lib/shared/orders/order-changes.ts words the server's). */
function gonePhrase(names: string[], one: string, many: string, w: MenuChangesWords): string {
  if (names.length === 1) return fill(one, { names: names[0]! });
  return fill(many, { names: fill(w.and, { list: names.slice(0, -1).join(", "), last: names[names.length - 1]! }) });
}

export const isRepriced = (line: Line) => !line.unavailable && cents(line.currentPrice) !== cents(line.price);

/**
 * What changed on the menu since this order was made: new prices, which
 * submit charges, and dishes no longer available, which must be removed before paying.
 * Removing makes a fresh Active order of the remaining lines and abandons this one (an order's
 * lines never change once created, so no route edits them).
 */
export function MenuChanges({
  order,
  onReplaced,
  words: w,
  locale,
}: {
  order: OrderJson;
  onReplaced: (next: OrderJson) => void;
  /** Its words (the catalogue's orderflow.checkout.menuChanges) and the amounts' language, from the server. */
  words: MenuChangesWords;
  locale: Locale;
}) {
  // Replaced, the button stays busy while the new order takes this one's place.
  const [replaced, setReplaced] = useState(false);
  // The server renders this notice with the checkout: its Remove does nothing until hydrated.
  const hydrated = useHydrated();
  const gone = order.orderItems.filter((line) => line.unavailable);
  const repriced = order.orderItems.filter(isRepriced);
  const kept = order.orderItems.filter((line): line is Line & { menu_item_id: number } => !line.unavailable && line.menu_item_id !== null);
  // An order made from the cart stays the cart's one: the server replaces it (deleting this one).
  const removal = useApiAction(
    async (cartId: string | undefined) => ({
      cartId,
      next: await api<OrderJson>("/api/orders/", {
        method: "POST",
        body: { restaurant_id: order.restaurantId, items: kept.map(lineBody), ...(cartId ? { cartId } : {}) },
      }),
    }),
    {
      onSuccess: ({ cartId, next }) => {
        setReplaced(true);
        if (cartId) storeCurrentOrder(next, cartId);
        else abandonOrder(order.id);
        onReplaced(next);
      },
    },
  );
  const removing = removal.busy || replaced;
  const error = removal.message;
  if (!gone.length && !repriced.length) return null;
  const currency = order.currency;

  const remove = () => removal.run(checkoutCartOf(order.id));

  return (
    <>
      {repriced.length > 0 && (
        <div role="status" className={styles.notice}>
          <IconGlyph name="info" />
          <div>
            <p>{repriced.length === 1 ? w.repricedOne : w.repricedMany}</p>
            <ul className={styles.changeList}>
              {repriced.map((line) => (
                <li key={line.id}>
                  {line.name}: <s>{formatCents(cents(line.price), { locale, currency })}</s> → {formatCents(cents(line.currentPrice), { locale, currency })}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {gone.length > 0 && (
        <div role="alert" className={`${styles.notice} ${styles.unavailableNotice}`}>
          <IconGlyph name="info" />
          <div>
            {/* Sold out by the kitchen (docs/architecture/kitchen.md) reads so; anything else is no longer available. */}
            {gone.some((line) => !line.soldOut) && (
              <p>
                {gonePhrase(
                  gone.filter((line) => !line.soldOut).map((line) => line.name),
                  w.unavailableOne,
                  w.unavailableMany,
                  w,
                )}
              </p>
            )}
            {gone.some((line) => line.soldOut) && (
              <p>
                {gonePhrase(
                  gone.filter((line) => line.soldOut).map((line) => line.name),
                  w.soldOutOne,
                  w.soldOutMany,
                  w,
                )}
              </p>
            )}
            {kept.length > 0 && order.restaurantId !== null ? (
              <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={remove} disabled={!hydrated || removing}>
                {removing ? w.removing : gone.length === 1 ? fill(w.removeOne, { name: gone[0]!.name }) : w.removeMany}
              </button>
            ) : (
              <p>{w.nothing}</p>
            )}
            {error && <p className={styles.warning}>{error}</p>}
          </div>
        </div>
      )}
    </>
  );
}
