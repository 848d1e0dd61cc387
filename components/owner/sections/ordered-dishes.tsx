"use client";
import type { Words } from "@/lib/i18n/words";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./sections.module.css";

export type Dish = { id: number; name: string };

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Dishes in their order, each moved by dragging it or by its Move up / Move down buttons (real
 * buttons: the keyboard moves them too, and focus stays on the button as its dish moves); Remove
 * takes it out of the list. `onChange` gets the new order of ids.
 */
export function OrderedDishes({
  label,
  dishes,
  busy,
  onChange,
  words: w,
}: {
  label: string;
  dishes: Dish[];
  busy: boolean;
  onChange: (ids: number[]) => void;
  words: Words<"menus">["sections"];
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = dishes.map((dish) => dish.id);
  if (!dishes.length) return <p className={styles.empty}>{w.noDishes}</p>;
  return (
    <ol className={styles.dishes} aria-label={label}>
      {dishes.map((dish, index) => (
        <li
          key={dish.id}
          className={`${styles.dish} ${dragged === index ? styles.dragging : ""}`}
          draggable={!busy}
          data-dish={dish.name}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", String(dish.id));
            setDragged(index);
          }}
          onDragEnd={() => setDragged(null)}
          onDragOver={(event) => {
            if (dragged !== null) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null && dragged !== index) onChange(moved(ids, dragged, index));
            setDragged(null);
          }}
        >
          <span className={styles.handle} aria-hidden="true">
            <IconGlyph name="menu" size={18} />
          </span>
          <span className={styles.dishName}>{dish.name}</span>
          <span className={styles.dishButtons}>
            <MoveButton label={w.moveUp} name={dish.name} disabled={busy || index === 0} onMove={() => onChange(moved(ids, index, index - 1))} />
            <MoveButton label={w.moveDown} name={dish.name} disabled={busy || index === dishes.length - 1} onMove={() => onChange(moved(ids, index, index + 1))} />
            <button
              type="button"
              className={buttonClass({ variant: "ghost", size: "small" })}
              disabled={busy}
              onClick={() => onChange(ids.filter((id) => id !== dish.id))}
            >
              {w.remove}
              <span className="sr-only"> {dish.name}</span>
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Move up / Move down: aria-disabled rather than disabled at the ends and while a change is sent,
 * so the focus stays on it as its dish moves (a disabled button drops the keyboard's focus).
 */
export function MoveButton({ label, name, disabled, onMove }: { label: string; name: string; disabled: boolean; onMove: () => void }) {
  return (
    <button
      type="button"
      className={buttonClass({ variant: "ghost", size: "small" })}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onMove();
      }}
    >
      {label}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/** A select of `choices` and an Add button: `onAdd` gets the chosen dish's id. */
export function AddDish({
  label,
  choices,
  busy,
  onAdd,
  words: w,
}: {
  label: string;
  choices: (Dish & { note?: string })[];
  busy: boolean;
  onAdd: (id: number) => void;
  words: Words<"menus">["sections"];
}) {
  const [chosen, setChosen] = useState("");
  if (!choices.length) return null;
  return (
    <form
      className={styles.addDish}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onAdd(Number(chosen));
        setChosen("");
      }}
    >
      <label className={styles.addLabel}>
        <span>{label}</span>
        <select className={styles.select} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{w.chooseDish}</option>
          {choices.map((dish) => (
            <option key={dish.id} value={dish.id}>
              {dish.note ? `${dish.name} (${dish.note})` : dish.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass({ variant: "secondary", size: "small" })} disabled={busy || !chosen}>
        {w.addButton}
      </button>
    </form>
  );
}
