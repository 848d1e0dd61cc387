import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { AddToCartButton } from "./add-to-cart-button";
import type { OpenFacts } from "./closed-at-add";
import { ChooseOptionsButton } from "./choose-options-button";
import { dishSource, hasChoices, toCartLine } from "./format";

/**
 * The restaurant page's Add for a dish of its menu (MenuItemRow's `addButton`): straight to the
 * cart, or through the dish's choices. Passed in by the page rather than imported by the row, so
 * a group order's page, which adds to the group instead, does not ship the cart's buttons.
 * `words`: the catalogue's dish namespace in the request's language.
 */
export function CartAddButton({
  item,
  orderable,
  open,
  words,
  locale,
  currency,
}: {
  item: MenuItemJson;
  orderable: boolean;
  open?: OpenFacts;
  words: Words<"dish">;
  locale: Locale;
  /** The restaurant's market's currency, for the choices' prices. */
  currency?: string;
}) {
  return hasChoices(item) ? (
    <ChooseOptionsButton
      item={dishSource(item)}
      disabled={!orderable}
      open={open}
      labels={{ add: words.add, notTaking: words.notTaking, choose: fill(words.chooseOptions, { name: item.name }) }}
      lang={{ words: words.choices, locale, currency, add: { addToCart: words.addToCart, inCart: words.inCart } }}
    />
  ) : (
    <AddToCartButton
      item={toCartLine(item, currency)}
      confirmMs={ADD_TO_CART_CONFIRM_MS.restaurant}
      disabled={!orderable}
      label={words.add}
      wide={false}
      addedLabel={words.added}
      disabledLabel={words.notTaking}
      accessibleLabel={fill(words.addNamed, { name: item.name })}
      open={open}
      allergens={item.allergens}
    />
  );
}
