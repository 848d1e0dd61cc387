"use client";
import type { MouseEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./owner-form.module.css";

/** How many fields the list names: it sits in the sticky actions bar, which must stay short on a phone. */
const SHOWN = 3;

/** A field that keeps the submit button disabled: empty (missing) or refused by its rule. */
export type Blocker = { name: string; missing: boolean };

type SubmitBlockersProps = {
  id: string;
  /** The button's words: "Create menu item", "Submit". */
  action: string;
  /** Each field still failing its rule (null: the rules are loading). */
  blockers: readonly Blocker[] | null;
  /** Each field's label, as the form shows it. */
  labels: Readonly<Record<string, string>>;
  /** Shows the field's own message beside it (the form marks it touched). */
  onReveal: (name: string) => void;
  /** Its words (the catalogue's menus.common.blockers), from the form's page. */
  words: Words<"menus">["common"]["blockers"];
};

/**
 * Why the submit button is disabled, under it: the first fields still needed (and how many more),
 * "required" when empty,
 * else "see the message under it" (a filled-in field's message shows beside it). Each name is a
 * button that moves to the field and shows its message there. Not a live region: it changes on
 * every keystroke; the submit button points at it (aria-describedby).
 */
function SubmitBlockers({ id, action, blockers, labels, onReveal, words: w }: SubmitBlockersProps) {
  if (blockers === null) {
    return (
      <p id={id} className={styles.blockers}>
        {w.checking}
      </p>
    );
  }
  if (!blockers.length) return null;
  const reveal = (event: MouseEvent<HTMLButtonElement>, name: string) => {
    onReveal(name);
    const target = event.currentTarget.form?.elements.namedItem(name);
    if (target instanceof HTMLElement) target.focus();
  };
  return (
    <div id={id} className={styles.blockers}>
      <p>{fill(blockers.length === 1 ? w.blockedOne : w.blockedMany, { action })}</p>
      <ul>
        {blockers.slice(0, SHOWN).map((b) => (
          <li key={b.name}>
            <button type="button" className={styles.blocker} onClick={(event) => reveal(event, b.name)}>
              {labels[b.name] ?? b.name}
            </button>
            {b.missing ? w.required : w.seeMessage}
          </li>
        ))}
        {blockers.length > SHOWN && <li>{fill(w.more, { count: blockers.length - SHOWN })}</li>}
      </ul>
    </div>
  );
}

/**
 * The end of an owner's form (the restaurant, a menu item): why the last save failed, Cancel, the
 * submit button (`action`, "Saving…" while `pending`) and, under it, what keeps it disabled.
 */
export function FormActions({
  failure,
  cancelHref,
  pending,
  ready,
  words,
  ...blockers
}: Omit<SubmitBlockersProps, "words"> & { failure: string | null; cancelHref: string; pending: boolean; ready: boolean; words: Words<"menus">["common"] }) {
  return (
    <>
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <Link href={cancelHref} className={buttonClass({ variant: "secondary" })}>
          {words.cancel}
        </Link>
        <button type="submit" className={buttonClass()} disabled={!ready || pending} aria-describedby={blockers.id}>
          {pending ? words.saving : blockers.action}
        </button>
        <SubmitBlockers {...blockers} words={words.blockers} />
      </div>
    </>
  );
}
