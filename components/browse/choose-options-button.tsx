"use client";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { NOT_TAKING_ORDERS } from "./format";
import type { DishSource } from "./format";
import type { OpenFacts } from "./closed-at-add";

// The dialog and its rules load on the first Add that needs them, not with the restaurant page.
const DishOptionsDialog = lazy(() => import("./dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

/** "Add" for a dish with options or instructions on the restaurant page: it opens the dish's choices. */
export function ChooseOptionsButton({ item, disabled, open: openFacts }: { item: DishSource; disabled?: boolean; open?: OpenFacts }) {
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  return (
    <>
      <button
        type="button"
        className={buttonClass({ size: "small" })}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-label={disabled ? `${NOT_TAKING_ORDERS}: ${item.name}` : `Add ${item.name} to cart: choose options`}
        onClick={() => setOpen(true)}
      >
        {!disabled && <IconGlyph name="plus" size={16} />}
        {disabled ? NOT_TAKING_ORDERS : "Add"}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <DishOptionsDialog open={open} onClose={() => setOpen(false)} item={item} itemId={item.id} openFacts={openFacts} />
        </Suspense>
      )}
    </>
  );
}
