"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { MenuSectionJson } from "@/lib/contract/menu/section-schemas";
import { windowText } from "@/lib/shared/time/section-window";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { AddDish, MoveButton, OrderedDishes, type Dish } from "./ordered-dishes";
import { SectionFields, type DraftErrors, type SectionDraft } from "./section-fields";
import styles from "./sections.module.css";

type SectionCardProps = {
  section: MenuSectionJson;
  index: number;
  count: number;
  dishes: Map<number, Dish>;
  /** Every dish of the menu with the section it is in now (a dish is in at most one). */
  choices: (Dish & { note?: string })[];
  busy: boolean;
  onMove: (to: number) => void;
  onDishes: (ids: number[]) => void;
  onSave: (draft: SectionDraft) => Promise<DraftErrors | void>;
  onDelete: () => void;
  words: Words<"menus">["sections"];
  locale: Locale;
};

/** One section on the owner's menu: its name and window, its place, its dishes in order. */
export function SectionCard({ section, index, count, dishes, choices, busy, onMove, onDishes, onSave, onDelete, words: w, locale }: SectionCardProps) {
  const [editing, setEditing] = useState(false);
  const titleId = `section-${section.id}-title`;
  const hours = windowText({ availableFrom: section.availableFrom, availableUntil: section.availableUntil }, locale);
  const named = fill(w.section, { name: section.name });
  const own = section.menuItemIds.flatMap((id) => dishes.get(id) ?? []);
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h3 id={titleId} className={styles.cardTitle}>
            {section.name}
          </h3>
          <p className={styles.hours}>{hours ? fill(w.available, { hours }) : w.allDay}</p>
        </div>
        <div className={styles.cardButtons}>
          <MoveButton label={w.moveUp} name={named} disabled={busy || index === 0} onMove={() => onMove(index - 1)} />
          <MoveButton label={w.moveDown} name={named} disabled={busy || index === count - 1} onMove={() => onMove(index + 1)} />
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {w.edit}
            <span className="sr-only"> {named}</span>
          </button>
          <button type="button" className={`${buttonClass({ variant: "ghost", size: "small" })} ${styles.danger}`} disabled={busy} onClick={onDelete}>
            {w.delete}
            <span className="sr-only"> {named}</span>
          </button>
        </div>
      </div>
      {editing && (
        <SectionFields
          initial={{ name: section.name, availableFrom: section.availableFrom ?? "", availableUntil: section.availableUntil ?? "" }}
          submitLabel={w.save}
          words={w}
          busy={busy}
          onSubmit={async (draft) => {
            const refused = await onSave(draft);
            if (!refused) setEditing(false);
            return refused;
          }}
        />
      )}
      <OrderedDishes label={fill(w.dishesIn, { name: section.name })} dishes={own} busy={busy} onChange={onDishes} words={w} />
      <AddDish
        label={fill(w.addTo, { name: section.name })}
        choices={choices.filter((dish) => !section.menuItemIds.includes(dish.id))}
        busy={busy}
        onAdd={(id) => onDishes([...section.menuItemIds, id])}
        words={w}
      />
    </section>
  );
}
