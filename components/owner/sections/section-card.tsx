"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { MenuSectionJson } from "@/lib/contract/menu-section-schemas";
import { windowText } from "@/lib/shared/section-window";
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
};

/** One section on the owner's menu: its name and window, its place, its dishes in order. */
export function SectionCard({ section, index, count, dishes, choices, busy, onMove, onDishes, onSave, onDelete }: SectionCardProps) {
  const [editing, setEditing] = useState(false);
  const titleId = `section-${section.id}-title`;
  const hours = windowText({ availableFrom: section.availableFrom, availableUntil: section.availableUntil });
  const own = section.menuItemIds.flatMap((id) => dishes.get(id) ?? []);
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h3 id={titleId} className={styles.cardTitle}>
            {section.name}
          </h3>
          <p className={styles.hours}>{hours ? `Available ${hours}` : "All day"}</p>
        </div>
        <div className={styles.cardButtons}>
          <MoveButton label="Move up" name={`section ${section.name}`} disabled={busy || index === 0} onMove={() => onMove(index - 1)} />
          <MoveButton label="Move down" name={`section ${section.name}`} disabled={busy || index === count - 1} onMove={() => onMove(index + 1)} />
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} aria-expanded={editing} onClick={() => setEditing(!editing)}>
            Edit<span className="sr-only"> section {section.name}</span>
          </button>
          <button type="button" className={`${buttonClass({ variant: "ghost", size: "small" })} ${styles.danger}`} disabled={busy} onClick={onDelete}>
            Delete<span className="sr-only"> section {section.name}</span>
          </button>
        </div>
      </div>
      {editing && (
        <SectionFields
          initial={{ name: section.name, availableFrom: section.availableFrom ?? "", availableUntil: section.availableUntil ?? "" }}
          submitLabel="Save section"
          busy={busy}
          onSubmit={async (draft) => {
            const refused = await onSave(draft);
            if (!refused) setEditing(false);
            return refused;
          }}
        />
      )}
      <OrderedDishes label={`Dishes in ${section.name}`} dishes={own} busy={busy} onChange={onDishes} />
      <AddDish
        label={`Add a dish to ${section.name}`}
        choices={choices.filter((dish) => !section.menuItemIds.includes(dish.id))}
        busy={busy}
        onAdd={(id) => onDishes([...section.menuItemIds, id])}
      />
    </section>
  );
}
