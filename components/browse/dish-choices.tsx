"use client";
import { useId, useMemo, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { CartLineInput, CartOption } from "@/lib/shared/orders/cart";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { choiceProblems, groupRule, normalizeInstructions, OPTION_LIMITS, optionGroupsFromJson, unitPriceCents, type OptionGroupJson } from "@/lib/shared/menu/options";
import { NOT_TAKING_ORDERS, toCartLine, type DishSource } from "./format";
import { QuantityStepper } from "./quantity-stepper";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./dish-choices.module.css";

/** The choices' words and amounts in the page's language (the catalogue's dish.choices, from the server). */
export type ChoiceLang = { words: Words<"dish">["choices"]; locale: Locale; /** The restaurant's market's, USD's when absent. */ currency?: string };
/** What is already chosen (editing a cart line). */
export type ChosenLine = { optionIds: readonly number[]; instructions: string | null; quantity: number };

type DishChoicesProps = {
  item: DishSource;
  initial?: ChosenLine;
  /** "Add to cart" or "Update cart"; the price follows it. */
  submitLabel: string;
  /** The restaurant takes no orders: nothing can be added. */
  disabled?: boolean;
  /** The disabled submit's text: "Not taking orders" unless said otherwise ("Available from 11:00 AM"). */
  disabledLabel?: string;
  /** The quantity is not the customer's to choose (a replacement takes the changed line's): no stepper, `initial.quantity` kept. */
  fixedQuantity?: boolean;
  onSubmit: (line: CartLineInput, quantity: number) => void;
  /** The page's words and the price's language, from the server. */
  lang: ChoiceLang;
};

/** A group the customer picks exactly one of is a radio group; any other a set of checkboxes. */
const isSingle = (group: OptionGroupJson) => group.minChoices === 1 && group.maxChoices === 1;

/**
 * Choosing a dish's options, its instructions and a quantity, with the price as it will be
 * charged (lib/shared/menu/options.ts prices and checks it as the server does). Submit stays disabled
 * while a group's choice is missing or refused; the reason shows beside that group. Used by the
 * item page and by the dialog the restaurant page and the cart open.
 */
export function DishChoices({ item, initial, submitLabel, disabled, disabledLabel = NOT_TAKING_ORDERS, fixedQuantity, onSubmit, lang }: DishChoicesProps) {
  const { words: w, locale, currency } = lang;
  const id = useId();
  const groups = useMemo(() => optionGroupsFromJson(item.optionGroups), [item.optionGroups]);
  const offered = useMemo(() => new Set(groups.flatMap((group) => group.options.map((option) => option.id))), [groups]);
  // A saved line's option that the dish no longer offers is dropped; a sold-out one stays chosen, so its group says so.
  const [chosen, setChosen] = useState<number[]>(() => (initial?.optionIds ?? []).filter((optionId) => offered.has(optionId)));
  const [instructions, setInstructions] = useState(initial?.instructions ?? "");
  const [quantity, setQuantity] = useState(initial?.quantity ?? 1);
  // The dish's own page renders these choices on the server: they take no tick until hydrated.
  const hydrated = useHydrated();

  const problems = choiceProblems(groups, chosen, w.rules);
  const problemOf = (groupId: number) => problems.find((problem) => problem.groupId === groupId)?.message;
  const instructionsTooLong = instructions.length > OPTION_LIMITS.instructionsLength;
  const blocked = problems.length > 0 || instructionsTooLong;
  // In hundredths of the API's amounts (optionGroupsFromJson's): cents for USD, hundredths of a yen for JPY.
  const totalCents = unitPriceCents(Math.round(item.price * 100), groups, chosen) * quantity;

  const toggle = (group: OptionGroupJson, optionId: number, on: boolean) => {
    const inGroup = new Set(group.options.map((option) => option.id));
    setChosen((current) => {
      if (!on) return current.filter((other) => other !== optionId);
      // One choice at most: a new pick replaces the group's other one, like a radio.
      const kept = group.maxChoices === 1 ? current.filter((other) => !inGroup.has(other)) : current;
      return [...kept, optionId];
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || disabled) return;
    // The line keeps the menu's order of groups and options, whatever order they were ticked in.
    const options: CartOption[] = item.optionGroups.flatMap((group) =>
      group.options.filter((option) => chosen.includes(option.id)).map((option) => ({ id: option.id, name: option.name, priceDelta: option.priceDelta })),
    );
    onSubmit({ ...toCartLine(item, currency), options, instructions: item.allowsInstructions ? normalizeInstructions(instructions) : null }, quantity);
  };

  const firstProblem = problems[0]?.message ?? (instructionsTooLong ? fill(w.rules.instructions, { max: OPTION_LIMITS.instructionsLength }) : null);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={fill(w.for, { name: item.name })}>
      {item.optionGroups.map((group) => {
        const problem = problemOf(group.id);
        const inGroup = chosen.filter((optionId) => group.options.some((option) => option.id === optionId)).length;
        const full = !isSingle(group) && group.maxChoices > 1 && inGroup >= group.maxChoices;
        const ruleId = `${id}-group-${group.id}`;
        return (
          <fieldset key={group.id} className={styles.group} aria-describedby={ruleId} data-testid={`option-group-${group.name}`}>
            <legend className={styles.legend}>
              <span className={styles.groupName}>{group.name}</span>
              <span className={group.required ? styles.required : styles.optional}>{group.required ? w.required : w.optional}</span>
            </legend>
            <p id={ruleId} className={problem ? styles.problem : styles.rule} aria-live="polite">
              {problem ? (
                <>
                  <IconGlyph name="info" size={16} /> {problem}
                </>
              ) : (
                groupRule(group, w.rules)
              )}
            </p>
            <ul className={styles.options}>
              {group.options.map((option) => {
                const checked = chosen.includes(option.id);
                const soldOut = !option.available;
                return (
                  <li key={option.id}>
                    <label className={`${styles.option} ${soldOut ? styles.soldOut : ""}`}>
                      <input
                        type={isSingle(group) ? "radio" : "checkbox"}
                        name={`${id}-group-${group.id}`}
                        value={option.id}
                        checked={checked}
                        // A sold-out option cannot be picked; one already chosen (an edited line) can still be unticked.
                        disabled={!hydrated || (soldOut && !checked) || (full && !checked)}
                        onChange={(event) => toggle(group, option.id, event.target.checked)}
                      />
                      <span className={styles.optionName}>{option.name}</span>
                      <span className={styles.delta}>
                        {soldOut
                          ? w.soldOut
                          : option.priceDelta > 0
                            ? formatCents(centsOfAmount(option.priceDelta, currency ?? "USD"), { locale, currency, signAlways: true })
                            : ""}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {item.allowsInstructions && (
        <div className={styles.instructions}>
          <label htmlFor={`${id}-instructions`} className={styles.instructionsLabel}>
            {w.instructions} <span className={styles.optional}>{w.optional}</span>
          </label>
          <textarea
            id={`${id}-instructions`}
            className={styles.textarea}
            rows={2}
            disabled={!hydrated}
            value={instructions}
            placeholder={w.placeholder}
            aria-invalid={instructionsTooLong || undefined}
            aria-describedby={`${id}-count`}
            onChange={(event) => setInstructions(event.target.value)}
          />
          <p id={`${id}-count`} className={instructionsTooLong ? styles.countOver : styles.count}>
            {instructions.length} / {OPTION_LIMITS.instructionsLength}
          </p>
        </div>
      )}
      <div className={styles.footer}>
        <div className={styles.footerRow}>
          {!fixedQuantity && <QuantityStepper value={quantity} onChange={setQuantity} labels={w} />}
          <button
            type="submit"
            className={buttonClass({ size: "large", block: true })}
            disabled={!hydrated || blocked || disabled}
            aria-describedby={firstProblem ? `${id}-why` : undefined}
          >
            <span>{disabled ? disabledLabel : submitLabel}</span>
            <span className={styles.total} data-testid="dish-total">
              {formatCents(centsOfAmount(totalCents / 100, currency ?? "USD"), { locale, currency })}
            </span>
          </button>
        </div>
        {firstProblem && !disabled && (
          <p id={`${id}-why`} className={styles.why}>
            {firstProblem}
          </p>
        )}
      </div>
    </form>
  );
}
