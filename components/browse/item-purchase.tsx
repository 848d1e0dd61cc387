"use client";
import type { ChoiceLang } from "./dish-choices";
import { fill } from "@/lib/shared/words/fill";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import { AddedStatus, AddToCartButton, useAddedConfirmation } from "./add-to-cart-button";
import { warnIfClosed, type OpenFacts } from "./closed-at-add";
import { hasChoices, toCartLine, type DishSource } from "./format";
import { QuantityStepper } from "./quantity-stepper";
import styles from "./item-detail.module.css";

// The choices' code (and their rules) comes after the page's; the server renders them in place.
const DishChoices = lazy(() => import("./dish-choices").then((m) => ({ default: m.DishChoices })));

/**
 * Quantity and "Add to cart" on the item page; the confirmation lasts 2 s. A dish with options or
 * instructions shows its choices here, as the restaurant page's dialog does. `closedLabel`: what
 * the disabled button says instead of "Not taking orders" (outside the section's window); `words`
 * its words in the page's language (the catalogue's dish namespace).
 */
export function ItemPurchase({
  item,
  orderable,
  open,
  closedLabel,
  words,
  lang,
}: {
  item: DishSource;
  orderable: boolean;
  open?: OpenFacts;
  closedLabel?: string;
  words: { addToCart: string; added: string; inCart: string; notTaking: string };
  /** The choices' words and the price's language. */
  lang: ChoiceLang;
}) {
  const [quantity, setQuantity] = useState(1);
  const { add } = useCart();
  const { show } = useAlerts();
  // A fresh form after each add: the next one starts from no choices.
  const [added, setAdded] = useState(0);
  // The same 2 s "Added to cart" as a dish without choices shows beside its button.
  const [confirmedAt, confirm] = useAddedConfirmation(ADD_TO_CART_CONFIRM_MS.item);
  if (hasChoices(item)) {
    return (
      <div className={styles.choices}>
        <Suspense fallback={null}>
          <DishChoices
            key={added}
            item={item}
            submitLabel={words.addToCart}
            disabled={!orderable}
            disabledLabel={closedLabel ?? words.notTaking}
            lang={lang}
            onSubmit={(line, count) => {
              if (!add(line, count)) return;
              warnIfClosed(open, show);
              show(fill(words.inCart, { name: line.name }), "success");
              setAdded((n) => n + 1);
              confirm();
            }}
          />
        </Suspense>
        <AddedStatus shown={confirmedAt !== null} alone label={words.added} />
      </div>
    );
  }
  return (
    <div className={styles.purchase}>
      <QuantityStepper value={quantity} onChange={setQuantity} labels={lang.words} />
      <div className={styles.addCell}>
        <AddToCartButton
          item={toCartLine(item, lang.currency)}
          quantity={quantity}
          confirmMs={ADD_TO_CART_CONFIRM_MS.item}
          disabled={!orderable}
          disabledLabel={closedLabel ?? words.notTaking}
          addedLabel={words.added}
          open={open}
          label={words.addToCart}
          wide
          size="large"
          block
        />
      </div>
    </div>
  );
}
