"use client";
import { useEffect, useRef } from "react";
import { DishChoices } from "@/components/browse/dish-choices";
import { dishSource, hasChoices } from "@/components/browse/format";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { formatMoney } from "@/components/ui/format";
import { LineChoices } from "@/components/orders/line-choices";
import type { Words } from "@/lib/i18n/words";
import type { MenuItemJson } from "@/lib/contract/menu/schemas";
import type { CartLineInput, CartOption } from "@/lib/shared/orders/cart";
import { lineKey } from "@/lib/shared/orders/line-key";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { PhoneWords } from "./board-types";
import boardStyles from "./board.module.css";
import styles from "./phone-order.module.css";

// The phone order's dishes (docs/architecture/phone-orders.md): a dish without choices is counted
// with a stepper; a dish with choices (a required size or side, extras, instructions) opens the
// customer's own picker (DishChoices, components/browse/dish-choices.tsx: PhoneOrderPicker below) and each
// line chosen is listed under it with its choices and a stepper of its own. Prices shown are the
// menu's; the server prices and checks every line again, as at checkout.

/** One line of the phone order: a dish with its choices (in the menu's order) and how many. */
export type PhoneLine = { key: string; dish: MenuItemJson; options: CartOption[]; instructions: string | null; quantity: number };

const cents = (dollars: number) => Math.round(dollars * 100);
/** A line's amount in dollars: the dish's price plus its options' deltas, times the quantity. */
export const lineAmount = (line: PhoneLine) => (line.quantity * line.options.reduce((sum, option) => sum + cents(option.priceDelta), cents(line.dish.price))) / 100;

/** `lines` with `quantity` more of the line (dish, options, instructions): a line with the same choices grows; 0 removes it; at most 99. */
export function withLine(lines: PhoneLine[], dish: MenuItemJson, chosen: Pick<CartLineInput, "options" | "instructions">, quantity: number): PhoneLine[] {
  const options = chosen.options ?? [];
  const instructions = chosen.instructions ?? null;
  const key = lineKey(
    dish.id,
    options.map((option) => option.id),
    instructions,
  );
  const found = lines.find((line) => line.key === key);
  const next = Math.max(0, Math.min(99, (found?.quantity ?? 0) + quantity));
  if (!found) return next ? [...lines, { key, dish, options, instructions, quantity: next }] : lines;
  return next ? lines.map((line) => (line === found ? { ...line, quantity: next } : line)) : lines.filter((line) => line !== found);
}

/** The body's items: each line's dish, quantity, option ids and instructions (never a price: the server's). */
export const itemsOf = (lines: PhoneLine[]) =>
  lines.map((line) => ({
    menu_item_id: line.dish.id,
    quantity: line.quantity,
    ...(line.options.length && { options: line.options.map((option) => option.id) }),
    ...(line.instructions && { instructions: line.instructions }),
  }));

/** − count + for one line; − at 1 takes the line off. */
function Stepper({ name, quantity, onChange, words }: { name: string; quantity: number; onChange: (by: number) => void; words: PhoneWords }) {
  return (
    <span className={styles.stepper} role="group" aria-label={fill(words.quantityOf, { name })}>
      <button type="button" className={styles.step} onClick={() => onChange(-1)} disabled={!quantity} aria-label={fill(words.fewer, { name })}>
        −
      </button>
      <span className={styles.quantity} aria-live="polite">
        {quantity}
      </span>
      <button type="button" className={styles.step} onClick={() => onChange(1)} disabled={quantity >= 99} aria-label={fill(words.more, { name })}>
        +
      </button>
    </span>
  );
}

type DishesProps = {
  dishes: MenuItemJson[];
  lines: PhoneLine[];
  /** `by` more (or fewer) of a line of `dish` with these choices. */
  onAdd: (dish: MenuItemJson, chosen: Pick<CartLineInput, "options" | "instructions">, by: number) => void;
  /** Opens the dish's choices (the customer's picker). */
  onChoose: (dish: MenuItemJson) => void;
  /** The server's refusal of a line, by its place in `lines` ("items.2.options"). */
  lineErrors: Record<number, string>;
  words: PhoneWords;
  locale: Locale;
};

export function PhoneOrderDishes({ dishes, lines, onAdd, onChoose, lineErrors, words, locale }: DishesProps) {
  const money = (dollars: number) => formatMoney(dollars, locale);
  return (
    <ul className={styles.dishes}>
      {dishes.map((dish) => {
        const soldOut = Boolean(dish.soldOutUntil);
        const choices = hasChoices(dish);
        const plain = lines.find((line) => line.key === String(dish.id));
        const chosen = choices ? lines.filter((line) => line.dish.id === dish.id) : [];
        return (
          <li key={dish.id} className={styles.dish}>
            <div className={styles.dishRow}>
              <span className={styles.dishName}>
                {dish.name} <span className={boardStyles.dialogText}>{money(dish.price)}</span>
                {soldOut && <span className={styles.dishNote}>{words.soldOut}</span>}
              </span>
              {!soldOut && !choices && <Stepper name={dish.name} quantity={plain?.quantity ?? 0} onChange={(by) => onAdd(dish, {}, by)} words={words} />}
              {!soldOut && choices && (
                <button
                  type="button"
                  id={`phone-choose-${dish.id}`}
                  className={buttonClass({ variant: "secondary", size: "small" })}
                  onClick={() => onChoose(dish)}
                  aria-label={fill(words.chooseFor, { name: dish.name })}
                >
                  {words.choose}
                </button>
              )}
            </div>
            {chosen.length > 0 && (
              <ul className={styles.chosen} aria-label={fill(words.chosenOf, { name: dish.name })}>
                {chosen.map((line) => {
                  const label = [dish.name, ...line.options.map((option) => option.name)].join(", ");
                  const error = lineErrors[lines.indexOf(line)];
                  return (
                    <li key={line.key} className={styles.chosenLine} data-testid="phone-line">
                      <span className={styles.chosenText}>
                        <LineChoices options={line.options} instructions={line.instructions} lang={{ locale, instructions: words.instructions }} />
                        <span className={boardStyles.dialogText}>{money(lineAmount(line))}</span>
                        {error && (
                          <span className={boardStyles.fieldError} role="alert">
                            {error}
                          </span>
                        )}
                      </span>
                      <Stepper name={label} quantity={line.quantity} onChange={(by) => onAdd(dish, line, by)} words={words} />
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

type PickerProps = {
  dish: MenuItemJson;
  onAdd: (line: CartLineInput, quantity: number) => void;
  onBack: () => void;
  words: PhoneWords;
  choices: Words<"dish">["choices"];
  locale: Locale;
};

/** A dish's choices in the phone order's dialog, in place of the form: the customer's own picker (DishChoices), its name taking the focus. */
export function PhoneOrderPicker({ dish, onAdd, onBack, words, choices, locale }: PickerProps) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className={styles.picker}>
      <button type="button" className={buttonClass({ variant: "ghost", size: "small", className: styles.pickerBack })} onClick={onBack}>
        <IconGlyph name="chevronLeft" size={16} />
        {words.backToOrder}
      </button>
      <h3 ref={title} tabIndex={-1} className={boardStyles.legend}>
        {dish.name}
      </h3>
      <DishChoices item={dishSource(dish)} submitLabel={choices.addToOrder} onSubmit={onAdd} lang={{ words: choices, locale }} />
    </div>
  );
}
