"use client";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { NOT_TAKING_ORDERS } from "./format";
import type { DishSource } from "./format";
import type { OpenFacts } from "./closed-at-add";
import type { DishDialogLang } from "./dish-options-dialog";
import { LiveButton } from "@/components/ui/live-button";

// The dialog and its rules load on the first Add that needs them, not with the restaurant page.
const DishOptionsDialog = lazy(() => import("./dish-options-dialog").then((m) => ({ default: m.DishOptionsDialog })));

/** "Add" for a dish with options or instructions on the restaurant page: it opens the dish's choices. */
export function ChooseOptionsButton({
  item,
  disabled,
  open: openFacts,
  labels = { add: "Add", notTaking: NOT_TAKING_ORDERS, choose: `Add ${item.name} to cart: choose options` },
  lang,
}: {
  item: DishSource;
  disabled?: boolean;
  open?: OpenFacts;
  /** Its words in the page's language (cart-add-button.tsx); English elsewhere. */
  labels?: { add: string; notTaking: string; choose: string };
  /** The dialog's words and amounts in the page's language. */
  lang: DishDialogLang;
}) {
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  return (
    <>
      <LiveButton
        className={buttonClass({ size: "small" })}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-label={disabled ? `${labels.notTaking}: ${item.name}` : labels.choose}
        onClick={() => setOpen(true)}
      >
        {!disabled && <IconGlyph name="plus" size={16} />}
        {disabled ? labels.notTaking : labels.add}
      </LiveButton>
      {loaded && (
        <Suspense fallback={null}>
          <DishOptionsDialog open={open} onClose={() => setOpen(false)} item={item} itemId={item.id} openFacts={openFacts} lang={lang} />
        </Suspense>
      )}
    </>
  );
}
