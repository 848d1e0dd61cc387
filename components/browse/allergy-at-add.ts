import { allergenText } from "@/components/menu/dish-labels";

// An Add of a dish on the signed-in customer's allergy list says so (docs/architecture/allergens.md
// "At checkout"): the Add buttons and the dish's choices call warnIfAllergic after a successful add,
// as they call warnIfClosed.

/** The alert at an Add of a dish on the customer's allergy list (the menu marked it; checkout asks again). */
export const allergyAtAdd = (name: string, listed: readonly string[]) =>
  `${name} contains ${allergenText(listed)}: on your allergy list. Checkout asks you to confirm it.`;

/** After a successful Add: the alert when the dish contains an allergen the customer saved. */
export function warnIfAllergic(
  name: string,
  allergens: readonly string[] | undefined,
  avoid: readonly string[] | undefined,
  show: (message: string, tone: "info") => void,
): void {
  const listed = (allergens ?? []).filter((allergen) => (avoid ?? []).includes(allergen));
  if (listed.length) show(allergyAtAdd(name, listed), "info");
}
