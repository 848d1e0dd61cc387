"use client";
import { lazy, Suspense, useState } from "react";
import { LineChoices } from "@/components/orders/line-choices";
import { AllergyWarning } from "@/components/menu/allergy-warning";
import { DishLabels, type DishAllergenInfo, type LabelWords } from "@/components/menu/dish-labels";
import { useCart } from "@/components/providers/cart-provider";
import { IconGlyph } from "@/components/ui/icons";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { lineLabels } from "@/lib/shared/menu/allergens";
import { cartLineKey, lineUnitCents, type CartItem } from "@/lib/shared/orders/cart";
import type { OptionGroupJson } from "@/lib/shared/menu/options";
import { formatCents } from "@/lib/shared/money/money";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { DialogWords, Words } from "@/lib/i18n/words";
import stepper from "@/components/ui/stepper.module.css";
import styles from "./cart-panel.module.css";
import { Photo } from "@/components/ui/photo";

// Edit opens the dish's choices filled in; the dialog loads on the first Edit.
const DishOptionsDialog = lazy(() => import("@/components/browse/dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

/**
 * One cart line: its choices, Edit (for a dish with choices), + and −, where − at quantity 1
 * becomes delete. `problem`: the dish no longer takes these choices (say why; Edit picks again).
 */
/** The cart's words, a line's diet and allergen labels' (the catalogue's allergens) and, for a line's Edit, the choices dialog's (the catalogue's dish), from the server. */
export type CartWords = Words<"cart"> & {
  dialog: DialogWords;
  labels: LabelWords;
  /** A line whose dish is gone (the catalogue's orderflow.checkout.menuChanges). */
  gone: Pick<Words<"orderflow">["checkout"]["menuChanges"], "unavailableOne" | "unavailableMany" | "and">;
};

export function CartLine({
  item,
  problem,
  dish,
  words,
  locale,
  currency,
  saving,
}: {
  item: CartItem;
  /** What an offer takes off this dish (the quote's, cart-quote.ts): its label and the amount. */
  saving?: { cents: number; label: string };
  problem?: string;
  dish?: Partial<DishAllergenInfo> & { optionGroups?: OptionGroupJson[] };
  words: CartWords;
  locale: Locale;
  /** The cart's currency (cart-currency.ts); USD's when absent. */
  currency?: string;
}) {
  const { increment, decrement, remove } = useCart();
  const [editing, setEditing] = useState(false);
  const editLoaded = useOpenedOnce(editing);
  const key = cartLineKey(item);
  const lineCents = lineUnitCents(item) * item.quantity;
  // Lines saved before dishes had options have none to edit; a line with choices or instructions does.
  const editable = Boolean(item.options?.length || item.instructions || problem);
  const label = editable
    ? `${item.name} (${[...(item.options ?? []).map((option) => option.name), item.instructions ? words.withInstructions : ""].filter(Boolean).join(", ")})`
    : item.name;
  return (
    <li className={styles.line} data-testid="cart-line">
      <Photo src={item.food_image.replace(/\.webp$/, "-sm.webp")} alt="" width={56} height={56} className={styles.lineThumb} />
      <div className={styles.lineText}>
        <span className={styles.lineName}>{item.name}</span>
        <LineChoices options={item.options} instructions={item.instructions} lang={{ locale, instructions: words.instructions, currency }} />
        {dish?.allergens && dish.mayContain && dish.dietLabels && (
          <LineLabels item={item} dish={{ ...dish, allergens: dish.allergens, dietLabels: dish.dietLabels, mayContain: dish.mayContain }} words={words.labels} />
        )}
        <span className={styles.linePrice}>{formatCents(lineCents, { locale, currency })}</span>
        {saving && (
          <span className={styles.lineSaving} data-testid="cart-line-saving">
            {fill(words.offerSaving, { label: saving.label, amount: formatCents(saving.cents, { locale, currency }) })}
          </span>
        )}
        {problem && (
          <span className={styles.lineProblem} role="alert">
            {fill(words.problem, { problem })}
          </span>
        )}
        {editable && (
          <span className={styles.lineActions}>
            <button type="button" className={styles.lineAction} onClick={() => setEditing(true)} aria-haspopup="dialog" aria-label={fill(words.editLine, { label })}>
              {words.edit}
            </button>
            <button type="button" className={styles.lineAction} onClick={() => remove(key)} aria-label={fill(words.removeLine, { label })}>
              {words.remove}
            </button>
          </span>
        )}
      </div>
      <div className={stepper.stepper} role="group" aria-label={fill(words.quantityOf, { label })}>
        <button
          type="button"
          className={stepper.stepButton}
          onClick={() => decrement(key)}
          aria-label={fill(item.quantity === 1 ? words.removeLine : words.decrease, { label })}
        >
          <IconGlyph name={item.quantity === 1 ? "close" : "minus"} size={16} />
        </button>
        <span className={stepper.quantity} aria-live="polite">
          {item.quantity}
        </span>
        <button type="button" className={stepper.stepButton} onClick={() => increment(key)} aria-label={fill(words.increase, { label })} disabled={item.quantity >= 99}>
          <IconGlyph name="plus" size={16} />
        </button>
      </div>
      {editLoaded && (
        <Suspense fallback={null}>
          <DishOptionsDialog
            open={editing}
            onClose={() => setEditing(false)}
            itemId={item.id}
            editing={key}
            lang={{ ...words.dialog, locale, currency }}
            initial={{ optionIds: (item.options ?? []).map((option) => option.id), instructions: item.instructions ?? null, quantity: item.quantity }}
          />
        </Suspense>
      )}
    </li>
  );
}

/** The line's labels and allergens as its chosen options leave them (pepperoni: not vegetarian), and the allergy warning for those. */
function LineLabels({
  item,
  dish,
  words,
}: {
  item: CartItem;
  dish: Pick<DishAllergenInfo, "allergens" | "dietLabels" | "mayContain"> & { optionGroups?: OptionGroupJson[] };
  words: LabelWords;
}) {
  const chosen = new Set((item.options ?? []).map((option) => option.id));
  const options = (dish.optionGroups ?? []).flatMap((group) => group.options.filter((option) => chosen.has(option.id)));
  const line = lineLabels(dish, options);
  return (
    <>
      <DishLabels item={{ ...line, mayContain: dish.mayContain }} words={words} />
      <AllergyWarning allergens={line.allergens} mayContain={dish.mayContain} />
    </>
  );
}
