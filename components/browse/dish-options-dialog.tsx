"use client";
import { useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { useSession } from "@/components/providers/session-provider";
import { Dialog } from "@/components/ui/dialog";
import { api, SERVER_FAILURE } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import type { CartLineInput } from "@/lib/shared/orders/cart";
import { DishChoices, type ChoiceLang, type ChosenLine } from "./dish-choices";
import { fill } from "@/lib/shared/words/fill";
import type { DishSource } from "./format";
import type { DialogWords } from "@/lib/i18n/words";
import { warnIfClosed, type OpenFacts } from "./closed-at-add";
import { warnIfAllergic } from "./allergy-at-add";
import styles from "./dish-choices.module.css";

type DishOptionsDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The dish; without it (a cart line, a reorder notice) the dialog reads it from GET /api/menu-items/{id}. */
  item?: DishSource & { restaurant?: { servicing: boolean } };
  itemId: number;
  /** The choices to start from (a cart line's, an order line's). */
  initial?: ChosenLine;
  /** The cart line being edited (its cartLineKey): Update replaces that line. */
  editing?: string;
  /** Instead of the cart: what to do with the chosen line (reorder's "choose again"). */
  onChosen?: (line: CartLineInput, quantity: number) => void;
  /** The restaurant's open-now (restaurant page): an Add while it is closed warns. */
  openFacts?: OpenFacts;
  /** `initial.quantity` is kept, without a stepper (an order change's replacement: the changed line's quantity). */
  fixedQuantity?: boolean;
  /** The page's language: the choices' words and Add's, from the server. */
  lang: DishDialogLang;
};

/** The dialog's words and amounts in the page's language: the choices' and Add's. */
export type DishDialogLang = ChoiceLang & Omit<DialogWords, "words">;

/**
 * The dish's choices in a modal (components/ui/dialog.tsx): opened by Add on the restaurant page
 * for a dish with options, by Edit on a cart line and by reorder's "Choose again".
 */
export function DishOptionsDialog({ open, onClose, item: given, itemId, initial, editing, onChosen, openFacts, fixedQuantity, lang }: DishOptionsDialogProps) {
  const { add, edit } = useCart();
  const alerts = useAlerts();
  const { show } = alerts;
  const { user } = useSession();
  const [fetched, setFetched] = useState<{ id: number; item: DishSource & { restaurant: { servicing: boolean } } } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const item = given ?? (fetched?.id === itemId ? fetched.item : null);

  useEffect(() => {
    if (!open || given || fetched?.id === itemId) return;
    let live = true;
    api<DishSource & { restaurant: { servicing: boolean } }>(`/api/menu-items/${itemId}`)
      .then((found) => live && setFetched({ id: itemId, item: found }))
      .catch((failure) => live && setError(parseApiError(failure).status === 404 ? (lang.notes?.gone ?? "This dish is no longer on the menu.") : SERVER_FAILURE));
    return () => {
      live = false;
    };
  }, [open, given, fetched, itemId, lang.notes]);

  const choose = (line: CartLineInput, quantity: number) => {
    if (onChosen) {
      onChosen(line, quantity);
    } else if (editing) {
      edit(editing, line, quantity);
      show(fill(lang.notes?.updated ?? "{name} updated in your cart.", { name: line.name }), "success");
    } else if (add(line, quantity)) {
      show(fill(lang.add.inCart, { name: line.name }), "success");
      warnIfClosed(openFacts, show);
      warnIfAllergic(line.name, item?.allergens, user?.avoidAllergens, alerts);
    }
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title={item?.name ?? lang.words.chooseOptions}>
      <div className={styles.dialogBody}>
        {item ? (
          <DishChoices
            key={editing ?? "new"}
            item={item}
            initial={initial}
            submitLabel={editing ? lang.words.update : onChosen ? (initial ? lang.words.updateOrder : lang.words.addToOrder) : lang.add.addToCart}
            disabled={item.restaurant ? !item.restaurant.servicing : false}
            fixedQuantity={fixedQuantity}
            onSubmit={choose}
            lang={lang}
          />
        ) : error ? (
          <p role="alert">{error}</p>
        ) : (
          <p role="status">{lang.words.loading}</p>
        )}
      </div>
    </Dialog>
  );
}
