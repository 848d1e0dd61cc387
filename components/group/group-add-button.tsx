"use client";
import { lazy, Suspense, useState } from "react";
import { hasChoices, NOT_TAKING_ORDERS, type DishSource } from "@/components/browse/format";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { CartLineInput } from "@/lib/shared/cart";
import { useAddRefusal, useGroup } from "./group-context";
import styles from "./group.module.css";
import { GROUP_LOCKED } from "@/lib/shared/messages";

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
export function GroupAddButton({ item, disabled }: { item: DishSource; disabled?: boolean }) {
  const { addLine } = useGroup();
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const choices = hasChoices(item);
  const refusal = useAddRefusal();

  const add = async (line: Pick<CartLineInput, "options" | "instructions">, quantity: number) => {
    setPending(true);
    setResult(null);
    try {
      await addLine({
        menuItemId: item.id,
        quantity,
        ...(line.options?.length ? { options: line.options.map((option) => option.id) } : {}),
        ...(line.instructions ? { instructions: line.instructions } : {}),
      });
      setResult({ ok: true, text: "Added to the group order" });
    } catch (failure) {
      setResult({ ok: false, text: failure instanceof ApiClientError ? failure.message : SERVER_FAILURE });
    } finally {
      setPending(false);
    }
  };

  const reason = disabled ? NOT_TAKING_ORDERS : refusal;
  return (
    <span className={styles.addWrap}>
      <button
        type="button"
        className={buttonClass({ size: "small" })}
        disabled={reason !== null || pending}
        aria-haspopup={choices && !reason ? "dialog" : undefined}
        aria-label={reason ? `${reason}: ${item.name}` : `Add ${item.name} to the group order${choices ? ": choose options" : ""}`}
        onClick={() => (choices ? setOpen(true) : void add({}, 1))}
      >
        {!reason && <IconGlyph name="plus" size={16} />}
        {disabled ? NOT_TAKING_ORDERS : refusal ? (refusal === GROUP_LOCKED ? "Locked" : "Closed") : "Add"}
      </button>
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
