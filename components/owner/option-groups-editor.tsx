"use client";
import { useState, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { TextField } from "@/components/ui/text-field";
import type { DietLabel } from "@/lib/shared/menu/allergens";
import { OPTION_LIMITS } from "@/lib/shared/menu/options";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import type { DishOptionsDraft, OptionDraft, OptionGroupDraft } from "@/lib/contract/zod-free/form-values";
import form from "./owner-form.module.css";
import styles from "./option-groups-editor.module.css";

type EditorProps = {
  value: DishOptionsDraft;
  onChange: (next: DishOptionsDraft) => void;
  /** Errors by the API's field names (`optionGroups.0.options.1.name`): the rules' and the server's. */
  errors: Record<string, string>;
  /** The server's own (shown at once, touched or not). */
  serverErrors: Record<string, string>;
  /** Its words (the catalogue's menus.options), from the server. */
  words: Words<"menus">["options"];
};

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;
const newOption = (): OptionDraft => ({ key: newKey(), name: "", priceDelta: "0.00", available: true });

// What an option adds (docs/architecture/dish-options.md "What an option adds"): the form's two
// boxes, meat or fish (it takes vegetarian and vegan away) and gluten (the allergen, which takes
// gluten-free); other saved contents ride along unchanged.
const MEAT_TAKES: readonly DietLabel[] = ["vegetarian", "vegan"];
const containsMeat = (option: OptionDraft) => (option.removesLabels ?? []).includes("vegetarian");
const containsGluten = (option: OptionDraft) => (option.allergens ?? []).includes("gluten");
const withMeat = (option: OptionDraft, on: boolean): Partial<OptionDraft> => {
  const others = (option.removesLabels ?? []).filter((label) => !MEAT_TAKES.includes(label));
  return { removesLabels: on ? [...MEAT_TAKES, ...others] : others };
};
const withGluten = (option: OptionDraft, on: boolean): Partial<OptionDraft> => {
  const others = (option.allergens ?? []).filter((name) => name !== "gluten");
  return { allergens: on ? ["gluten", ...others] : others };
};
const newGroup = (): OptionGroupDraft => ({ key: newKey(), name: "", required: false, minChoices: "0", maxChoices: "1", options: [newOption()] });

/** The list with the item at `index` swapped with its neighbour `by` (-1 up, +1 down). */
function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** A group's or an option's tools: move it up or down in `list`, or remove it (each named for screen readers). */
function RowTools<T>({ list, at, onChange, name, words: w }: { list: T[]; at: number; onChange: (next: T[]) => void; name: string; words: Words<"menus">["options"] }) {
  const tool = (icon: "chevronUp" | "chevronDown" | "trash", label: string, next: T[], disabled = false) => (
    <button type="button" className={styles.tool} onClick={() => onChange(next)} disabled={disabled} aria-label={fill(label, { name })}>
      <IconGlyph name={icon} size={18} />
    </button>
  );
  return (
    <div className={styles.tools}>
      {tool("chevronUp", w.moveUp, moved(list, at, -1), at === 0)}
      {tool("chevronDown", w.moveDown, moved(list, at, 1), at === list.length - 1)}
      {tool(
        "trash",
        w.remove,
        list.filter((_, i) => i !== at),
      )}
    </div>
  );
}

/**
 * The dish's option groups in the menu item form: groups and their options added, removed and
 * moved with up/down buttons (array order is display order), each option's price change and its
 * "sold out today" switch, and whether the dish takes special instructions. A field's error shows
 * once it was touched; the API's field errors show beside their fields at once.
 */
export function OptionGroupsEditor({ value, onChange, errors, serverErrors, words: w }: EditorProps) {
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const { groups } = value;
  const touch = (name: string) => setTouched((set) => (set.has(name) ? set : new Set(set).add(name)));
  const errorOf = (name: string) => serverErrors[name] ?? (touched.has(name) ? errors[name] : undefined);
  const setGroups = (next: OptionGroupDraft[]) => onChange({ ...value, groups: next });
  const setGroup = (index: number, patch: Partial<OptionGroupDraft>) => setGroups(groups.map((group, i) => (i === index ? { ...group, ...patch } : group)));
  const setOption = (g: number, o: number, patch: Partial<OptionDraft>) =>
    setGroup(g, { options: groups[g]!.options.map((option, i) => (i === o ? { ...option, ...patch } : option)) });

  /** A text input's props for the field `name` (its error under it once touched). */
  const text = (name: string, current: string, set: (text: string) => void) => ({
    value: current,
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => {
      set(event.target.value);
      touch(name);
    },
    onBlur: () => touch(name),
  });

  return (
    <fieldset className={form.section} aria-describedby="option-groups-help">
      <legend className={form.legend}>{w.legend}</legend>
      <p id="option-groups-help" className={styles.help}>
        {w.help}
      </p>
      <label className={styles.switch}>
        <input type="checkbox" role="switch" checked={value.allowsInstructions} onChange={(event) => onChange({ ...value, allowsInstructions: event.target.checked })} />
        <span>
          <span className={styles.switchLabel}>{w.instructions}</span>
          <span className={styles.switchHint}>{fill(w.instructionsHint, { max: OPTION_LIMITS.instructionsLength })}</span>
        </span>
      </label>
      {errors.allowsInstructions && <p className={styles.error}>{errors.allowsInstructions}</p>}
      {errors.optionGroups && <p className={styles.error}>{errors.optionGroups}</p>}

      <ol className={styles.groups} aria-label={w.groups}>
        {groups.map((group, g) => {
          const at = `optionGroups.${g}`;
          const label = group.name.trim() || fill(w.groupN, { n: g + 1 });
          const optionsError = errors[`${at}.options`];
          return (
            <li key={group.key} className={styles.group} data-testid="option-group-editor">
              <div className={styles.groupHead}>
                <h3 className={styles.groupTitle}>{fill(w.group, { n: g + 1 })}</h3>
                <RowTools list={groups} at={g} onChange={setGroups} name={label} words={w} />
              </div>
              <TextField label={w.groupName} placeholder={w.groupPlaceholder} autoComplete="off" {...text(`${at}.name`, group.name, (name) => setGroup(g, { name }))} />
              <div className={styles.rules}>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={group.required}
                    onChange={(event) => {
                      const required = event.target.checked;
                      // Required means at least one choice: the minimum follows the switch.
                      const min = Number(group.minChoices) || 0;
                      setGroup(g, { required, minChoices: String(required ? Math.max(1, min) : 0) });
                      touch(`${at}.required`);
                    }}
                  />
                  {w.required}
                </label>
                <TextField
                  label={w.min}
                  inputMode="numeric"
                  className={styles.count}
                  {...text(`${at}.minChoices`, group.minChoices, (minChoices) => setGroup(g, { minChoices, required: Number(minChoices) >= 1 }))}
                />
                <TextField
                  label={w.max}
                  inputMode="numeric"
                  className={styles.count}
                  {...text(`${at}.maxChoices`, group.maxChoices, (maxChoices) => setGroup(g, { maxChoices }))}
                />
              </div>
              {errors[`${at}.required`] && <p className={styles.error}>{errors[`${at}.required`]}</p>}
              <ol className={styles.options} aria-label={fill(w.optionsOf, { name: label })}>
                {group.options.map((option, o) => {
                  const oat = `${at}.options.${o}`;
                  const optionLabel = option.name.trim() || fill(w.optionN, { n: o + 1 });
                  return (
                    <li key={option.key} className={styles.option}>
                      <TextField
                        label={w.option}
                        autoComplete="off"
                        className={styles.optionName}
                        {...text(`${oat}.name`, option.name, (name) => setOption(g, o, { name }))}
                      />
                      <TextField
                        label={w.priceChange}
                        inputMode="decimal"
                        className={styles.delta}
                        {...text(`${oat}.priceDelta`, option.priceDelta, (priceDelta) => setOption(g, o, { priceDelta }))}
                      />
                      <div className={styles.optionTools}>
                        <OptionCheck
                          checked={containsMeat(option)}
                          onCheck={(on) => setOption(g, o, withMeat(option, on))}
                          label={fill(w.meatLabel, { name: optionLabel })}
                        >
                          {w.meat}
                        </OptionCheck>
                        <OptionCheck
                          checked={containsGluten(option)}
                          onCheck={(on) => setOption(g, o, withGluten(option, on))}
                          label={fill(w.glutenLabel, { name: optionLabel })}
                        >
                          {w.gluten}
                        </OptionCheck>
                        <OptionCheck
                          switch
                          checked={!option.available}
                          onCheck={(on) => setOption(g, o, { available: !on })}
                          label={fill(w.soldOutLabel, { name: optionLabel })}
                        >
                          {w.soldOut}
                        </OptionCheck>
                        <RowTools list={group.options} at={o} onChange={(options) => setGroup(g, { options })} name={optionLabel} words={w} />
                      </div>
                    </li>
                  );
                })}
              </ol>
              {optionsError && <p className={styles.error}>{optionsError}</p>}
              <button
                type="button"
                className={buttonClass({ variant: "secondary", size: "small" })}
                onClick={() => setGroup(g, { options: [...group.options, newOption()] })}
                disabled={group.options.length >= OPTION_LIMITS.optionsPerGroup}
              >
                <IconGlyph name="plus" size={16} /> {w.addOption}
                <span className="sr-only">{fill(w.addOptionTo, { name: label })}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={buttonClass({ variant: "secondary" })}
        onClick={() => setGroups([...groups, newGroup()])}
        disabled={groups.length >= OPTION_LIMITS.groups}
      >
        <IconGlyph name="plus" size={18} /> {w.addGroup}
      </button>
    </fieldset>
  );
}

/** One of an option's marks (meat, gluten, sold out: `switch`), named for its option. */
function OptionCheck({
  checked,
  onCheck,
  label,
  switch: isSwitch,
  children,
}: {
  checked: boolean;
  onCheck: (on: boolean) => void;
  label: string;
  switch?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" role={isSwitch ? "switch" : undefined} checked={checked} onChange={(event) => onCheck(event.target.checked)} aria-label={label} />
      <span aria-hidden="true">{children}</span>
    </label>
  );
}
