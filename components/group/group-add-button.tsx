"use client";
import { lazy, Suspense, useState } from "react";
import { hasChoices, type DishSource } from "@/components/browse/format";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useApiAction } from "@/lib/client/use-api-action";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { CartLineInput } from "@/lib/shared/orders/cart";
import { DEADLINE_PASSED, useAddRefusal, useGroup } from "./group-context";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import type { DishDialogLang } from "@/components/browse/dish-options-dialog";
import styles from "./group-buttons.module.css";
import { GROUP_LOCKED } from "@/lib/shared/words/messages";
import { LiveButton } from "@/components/ui/live-button";

// The dish's choices (the restaurant page's dialog) load on the first Add that needs them.
const DishOptionsDialog = lazy(() => import("@/components/browse/dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

/**
 * "Add" on a group order's menu: the line goes to the group (POST .../lines), not to the
 * personal cart; a dish with choices asks them first in the dish's dialog. The server's answer
 * (added, or why not) shows beside the button. While the group takes no additions (locked, or
 * past the deadline for a participant) the button is disabled and says "Locked" (its name gives
 * the reason in the API's words, as the page's banner does), following the polled group, so
 * nobody is offered an Add the server would refuse.
 */
/** `words`: the catalogue's orderflow.group.add in the page's language. */
export function GroupAddButton({
  item,
  disabled,
  words: w,
  dialog,
}: {
  item: DishSource;
  disabled?: boolean;
  words: Words<"orderflow">["group"]["add"];
  /** The choices dialog's words in the page's language, from the server. */
  dialog: DishDialogLang;
}) {
  const { addLine } = useGroup();
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  const [added, setAdded] = useState(false);
  const choices = hasChoices(item);
  const refusal = useAddRefusal();
  const adding = useApiAction(
    (line: Pick<CartLineInput, "options" | "instructions">, quantity: number) =>
      addLine({
        menuItemId: item.id,
        quantity,
        ...(line.options?.length ? { options: line.options.map((option) => option.id) } : {}),
        ...(line.instructions ? { instructions: line.instructions } : {}),
      }),
    { onSuccess: () => setAdded(true) },
  );
  const pending = adding.busy;
  // The server's answer beside the button: added, or why not (none while the next one is under way).
  const result = pending ? null : adding.failure ? { ok: false, text: adding.failure.message } : added ? { ok: true, text: w.added } : null;

  const add = (line: Pick<CartLineInput, "options" | "instructions">, quantity: number) => {
    setAdded(false);
    return adding.run(line, quantity);
  };

  // Why Add is off, worded (the refusal's English names which): the kitchen's pause, a lock, a closed group, a deadline.
  const reason = disabled ? w.notTaking : refusal === GROUP_LOCKED ? w.whyLocked : refusal === DEADLINE_PASSED ? w.whyDeadline : refusal && w.whyClosed;
  return (
    <span className={styles.addWrap}>
      <LiveButton
        className={buttonClass({ size: "small" })}
        disabled={reason !== null || pending}
        aria-haspopup={choices && !reason ? "dialog" : undefined}
        aria-label={reason ? fill(w.why, { reason, name: item.name }) : fill(choices ? w.labelChoose : w.label, { name: item.name })}
        onClick={() => (choices ? setOpen(true) : void add({}, 1))}
      >
        {!reason && <IconGlyph name="plus" size={16} />}
        {disabled ? w.notTaking : refusal ? (refusal === GROUP_LOCKED ? w.locked : w.closed) : w.add}
      </LiveButton>
      <span role="status" className={result?.ok ? styles.addedNote : styles.addError}>
        {refusal ? null : result?.text}
      </span>
      {loaded && (
        <Suspense fallback={null}>
          <DishOptionsDialog
            open={open}
            onClose={() => setOpen(false)}
            item={item}
            itemId={item.id}
            lang={dialog}
            onChosen={(line, quantity) => {
              setOpen(false);
              void add(line, quantity);
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
