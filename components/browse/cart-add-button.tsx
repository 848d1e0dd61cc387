import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { AddToCartButton } from "./add-to-cart-button";
import type { OpenFacts } from "./closed-at-add";
import { ChooseOptionsButton } from "./choose-options-button";
import { dishSource, hasChoices, toCartLine } from "./format";

/**
 * The restaurant page's Add for a dish of its menu (MenuItemRow's `addButton`): straight to the
 * cart, or through the dish's choices. Passed in by the page rather than imported by the row, so
 * a group order's page, which adds to the group instead, does not ship the cart's buttons.
 */
export function CartAddButton({ item, orderable, open }: { item: MenuItemJson; orderable: boolean; open?: OpenFacts }) {
  return hasChoices(item) ? (
    <ChooseOptionsButton item={dishSource(item)} disabled={!orderable} open={open} />
  ) : (
    <AddToCartButton
      item={toCartLine(item)}
      confirmMs={ADD_TO_CART_CONFIRM_MS.restaurant}
      disabled={!orderable}
      accessibleLabel={`Add ${item.name} to cart`}
      open={open}
      allergens={item.allergens}
    />
  );
}
