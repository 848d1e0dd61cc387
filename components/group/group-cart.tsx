"use client";
import { LineChoices } from "@/components/orders/line-choices";
import { formatMoney } from "@/components/ui/format";
import { IconGlyph } from "@/components/ui/icons";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useGroup } from "./group-context";

type CartWords = Words<"orderflow">["group"]["cart"];
import type { GroupLineJson } from "./types";
import stepper from "@/components/ui/stepper.module.css";
import styles from "./group.module.css";
import { TitledSection } from "@/components/ui/titled-section";
import { LiveButton } from "@/components/ui/live-button";

/** The most of one line a participant may order: GROUP_LIMITS.quantity of lib/contract/group-orders/rules.ts, which would ship zod with the page. */
export const GROUP_LINE_MAX = 20;

/**
 * The whole group's cart, one block per person ("You" marked) with their subtotal, then the
 * total. While the group is open a person changes the quantity of their own lines and removes
 * them; the host may remove anyone's. Nobody gets a control the server would refuse.
 */
/** `currency`: the restaurant's market's (USD's when absent). */
export function GroupCart({ editable, words: w, locale, currency }: { editable: boolean; words: CartWords; locale: Locale; currency?: string }) {
  const { group } = useGroup();
  const you = group.you.participantId;
  const people = [...group.participants].sort((a, b) => Number(b.id === you) - Number(a.id === you));
  return (
    <TitledSection id="group-cart-title" title={w.title} className={styles.card} titleClassName={styles.cardTitle}>
      {people.map((person) => {
        const lines = group.lines.filter((line) => line.participantId === person.id);
        const mine = person.id === you;
        return (
          <section
            key={person.id}
            className={styles.person}
            aria-label={mine ? fill(w.personYou, { name: person.displayName }) : person.displayName}
            data-testid="group-person"
          >
            <h3 className={styles.personName}>
              {person.displayName}
              {mine && <span className={styles.youTag}>{w.you}</span>}
              {person.isHost && <span className={styles.hostTag}>{w.host}</span>}
            </h3>
            {lines.length ? (
              <ul className={styles.lines}>
                {lines.map((line) => (
                  <GroupCartLine
                    key={line.id}
                    w={w}
                    locale={locale}
                    currency={currency}
                    line={line}
                    canEdit={editable && line.mine}
                    canRemove={editable && (line.mine || group.you.isHost)}
                  />
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{mine ? w.nothingYours : w.nothing}</p>
            )}
            <p className={styles.personTotal}>
              <span>{w.subtotal}</span>
              <span>{formatMoney(person.subtotal, locale, currency)}</span>
            </p>
          </section>
        );
      })}
      <p className={styles.groupTotal}>
        <span>{w.groupSubtotal}</span>
        <span data-testid="group-subtotal">{formatMoney(group.subtotal, locale, currency)}</span>
      </p>
    </TitledSection>
  );
}

type LineProps = { line: GroupLineJson; canEdit: boolean; canRemove: boolean; w: CartWords; locale: Locale; currency?: string };

function GroupCartLine({ line, canEdit, canRemove, w, locale, currency }: LineProps) {
  const { group, change } = useGroup();
  const editing = useApiAction((method: "PATCH" | "DELETE", body?: unknown) => change(`/lines/${line.id}`, method, body));
  const { busy: pending, message: error } = editing;
  const label = line.options.length ? fill(w.withOptions, { name: line.name, options: line.options.map((option) => option.name).join(", ") }) : line.name;
  const whose = line.mine ? label : fill(w.addedBy, { line: label, name: line.participantName });

  const run = editing.run;

  return (
    <li className={styles.line} data-testid="group-line">
      <div className={styles.lineText}>
        <span className={styles.lineName}>
          {canEdit ? "" : `${line.quantity} × `}
          {line.name}
        </span>
        <LineChoices options={line.options} instructions={line.instructions} lang={{ locale, instructions: w.instructions, currency }} />
        <span className={styles.linePrice}>{formatMoney(line.lineTotal, locale, currency)}</span>
        {error && (
          <span role="alert" className={styles.addError}>
            {error}
          </span>
        )}
      </div>
      <div className={styles.lineControls}>
        {canEdit && (
          <div className={stepper.stepper} role="group" aria-label={fill(w.quantityOf, { line: label })}>
            <LiveButton
              className={stepper.stepButton}
              aria-label={fill(w.decrease, { line: label })}
              disabled={pending || line.quantity <= 1}
              onClick={() => run("PATCH", { quantity: line.quantity - 1 })}
            >
              <IconGlyph name="minus" size={16} />
            </LiveButton>
            <span className={stepper.quantity} aria-live="polite">
              {line.quantity}
            </span>
            <LiveButton
              className={stepper.stepButton}
              aria-label={fill(w.increase, { line: label })}
              disabled={pending || line.quantity >= GROUP_LINE_MAX}
              onClick={() => run("PATCH", { quantity: line.quantity + 1 })}
            >
              <IconGlyph name="plus" size={16} />
            </LiveButton>
          </div>
        )}
        {canRemove && (
          <LiveButton className={styles.removeButton} disabled={pending} aria-label={fill(w.removeLine, { line: whose })} onClick={() => run("DELETE")}>
            <IconGlyph name="trash" size={16} />
            <span className={group.you.isHost && !line.mine ? undefined : "sr-only"}>{w.remove}</span>
          </LiveButton>
        )}
      </div>
    </li>
  );
}
