"use client";
import { useState } from "react";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useAlerts } from "@/components/providers/alerts-provider";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import type { ApiFailure } from "@/lib/client/use-api-action";
import type { MenuArrangementJson } from "@/lib/contract/menu/section-schemas";
import { failureText } from "../use-live-form";
import { AddDish, moved, OrderedDishes, type Dish } from "./ordered-dishes";
import { SectionCard } from "./section-card";
import { draftBody, SectionFields, type DraftErrors, type SectionDraft } from "./section-fields";
import styles from "./sections.module.css";

const EMPTY_DRAFT: SectionDraft = { name: "", availableFrom: "", availableUntil: "" };

/** A refusal's field messages, for the form; anything else is shown as an alert. */
function fieldErrors(failure: ApiFailure): DraftErrors | null {
  return failure.status === 400 && Object.keys(failure.errors).length ? (failure.errors as DraftErrors) : null;
}

/**
 * The owner's sections and featured dishes (docs/architecture/menu-sections.md): create, rename,
 * set a time window, reorder and delete sections; order the dishes inside each by drag or by
 * buttons; feature dishes. Every change is sent at once and the page shows the server's answer.
 */
export function MenuSections({
  restaurantId,
  dishes,
  initial,
  words: w,
  locale,
}: {
  restaurantId: number;
  dishes: Dish[];
  initial: MenuArrangementJson;
  words: Words<"menus">["sections"];
  locale: Locale;
}) {
  const [arrangement, setArrangement] = useState(initial);
  // The page's data read again (router.refresh() after a menu import): its sections replace these.
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setArrangement(initial);
  }
  const actions = useApiActions();
  const busy = actions.busy !== null;
  const alerts = useAlerts();
  const base = `/api/manage/${restaurantId}`;
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const sectionOf = new Map(arrangement.sections.flatMap((section) => section.menuItemIds.map((id) => [id, section.name] as const)));
  const choices = dishes.map((dish) => ({ ...dish, note: sectionOf.has(dish.id) ? fill(w.inSection, { name: sectionOf.get(dish.id)! }) : undefined }));

  /** Sends one change; the answer (or a fresh read) replaces what is shown. Field errors are returned for a form. */
  const change = async (path: string, method: "POST" | "PUT" | "DELETE", body: unknown, done: string): Promise<DraftErrors | void> => {
    const refused: { errors?: DraftErrors } = {};
    const answer = await actions.run(
      "change",
      async () => {
        const answer = await api<MenuArrangementJson | object>(`${base}${path}`, { method, body });
        return "featured" in answer ? answer : await api<MenuArrangementJson>(`${base}/sections`);
      },
      (failure) => {
        refused.errors = fieldErrors(failure) ?? undefined;
        if (!refused.errors) alerts.show(failureText(failure, w.failed), "error");
      },
    );
    if (answer) {
      setArrangement(answer);
      alerts.show(done, "success");
    } else if (refused.errors) return refused.errors;
    // Another tab may have changed the menu: show it as it is.
    else setArrangement(await api<MenuArrangementJson>(`${base}/sections`).catch(() => arrangement));
  };

  const { sections, featured } = arrangement;
  return (
    <div className={styles.editor}>
      <section aria-labelledby="featured-title" className={styles.card}>
        <h2 id="featured-title" className={styles.heading}>
          {w.featured}
        </h2>
        <p className={styles.hint}>{w.featuredHint}</p>
        <OrderedDishes
          label={w.featured}
          dishes={featured.flatMap((id) => byId.get(id) ?? [])}
          busy={busy}
          onChange={(ids) => void change("/featured", "PUT", { menuItemIds: ids }, w.featuredSaved)}
          words={w}
        />
        <AddDish
          label={w.feature}
          choices={dishes.filter((dish) => !featured.includes(dish.id))}
          busy={busy}
          onAdd={(id) => void change("/featured", "PUT", { menuItemIds: [...featured, id] }, w.featuredSaved)}
          words={w}
        />
      </section>
      <section aria-labelledby="sections-title" className={styles.group}>
        <h2 id="sections-title" className={styles.heading}>
          {w.title}
        </h2>
        <p className={styles.hint}>{w.hint}</p>
        {sections.map((section, index) => (
          <SectionCard
            key={section.id}
            section={section}
            index={index}
            count={sections.length}
            dishes={byId}
            choices={choices}
            busy={busy}
            onMove={(to) =>
              void change(
                "/section-order",
                "PUT",
                {
                  sectionIds: moved(
                    sections.map((s) => s.id),
                    index,
                    to,
                  ),
                },
                fill(w.moved, { name: section.name }),
              )
            }
            onDishes={(ids) => void change(`/sections/${section.id}/dishes`, "PUT", { menuItemIds: ids }, fill(w.saved, { name: section.name }))}
            onSave={(draft) => change(`/sections/${section.id}`, "PUT", draftBody(draft), fill(w.saved, { name: draft.name }))}
            onDelete={() => void change(`/sections/${section.id}`, "DELETE", undefined, fill(w.deleted, { name: section.name }))}
            words={w}
            locale={locale}
          />
        ))}
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>{w.new}</h3>
          <SectionFields
            initial={EMPTY_DRAFT}
            submitLabel={w.add}
            clearOnSubmit
            words={w}
            busy={busy}
            onSubmit={(draft) => change("/sections", "POST", draftBody(draft), fill(w.added, { name: draft.name }))}
          />
        </div>
      </section>
    </div>
  );
}
