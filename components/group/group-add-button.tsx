"use client";
import { lazy, Suspense, useState } from "react";
import { hasChoices, NOT_TAKING_ORDERS, type DishSource } from "@/components/browse/format";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { CartLineInput } from "@/lib/shared/cart";
import { useGroup } from "./group-context";
import styles from "./group.module.css";

// The dish's choices (the restaurant page's dialog) load on the first Add that needs them.
const DishOptionsDialog = lazy(() => import("@/components/browse/dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

/**
 * "Add" on a group order's menu: the line goes to the group (POST .../lines), not to the
 * personal cart; a dish with choices asks them first in the dish's dialog. The server's answer
 * (added, or why not: "The host has locked this order") shows beside the button.
 */
export function GroupAddButton({ item, disabled }: { item: DishSource; disabled?: boolean }) {
  const { addLine } = useGroup();
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const choices = hasChoices(item);

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

  return (
    <span className={styles.addWrap}>
      <button
        type="button"
        className={buttonClass({ size: "small" })}
        disabled={disabled || pending}
        aria-haspopup={choices ? "dialog" : undefined}
        aria-label={disabled ? `${NOT_TAKING_ORDERS}: ${item.name}` : `Add ${item.name} to the group order${choices ? ": choose options" : ""}`}
        onClick={() => (choices ? setOpen(true) : void add({}, 1))}
      >
        {!disabled && <IconGlyph name="plus" size={16} />}
        {disabled ? NOT_TAKING_ORDERS : "Add"}
      </button>
      <span role="status" className={result?.ok ? styles.addedNote : styles.addError}>
        {result?.text}
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
