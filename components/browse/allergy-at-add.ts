import { fill } from "@/lib/shared/words/fill";

// An Add of a dish on the signed-in customer's allergy list says so (docs/architecture/allergens.md
// "At checkout"): the Add buttons and the dish's choices call warnIfAllergic after a successful add,
// as they call warnIfClosed. Its words ride the alerts provider (the root layout's, in the page's language).

/** The alert's words: the catalogue's orderflow.allergyWarning.atAdd and the allergens' short names (alerts-provider.tsx's `words`). */
export type AllergyAtAddWords = { allergy: { atAdd: string }; allergens: Record<string, string> };

/** The alert at an Add of a dish on the customer's allergy list (the menu marked it; checkout asks again). */
export const allergyAtAdd = (name: string, listed: readonly string[], words: AllergyAtAddWords) =>
  fill(words.allergy.atAdd, { name, list: listed.map((allergen) => words.allergens[allergen] ?? allergen).join(", ") });

/** After a successful Add: the alert when the dish contains an allergen the customer saved. */
export function warnIfAllergic(
  name: string,
  allergens: readonly string[] | undefined,
  avoid: readonly string[] | undefined,
  alerts: { show: (message: string, tone: "info") => void; words: AllergyAtAddWords },
): void {
  const listed = (allergens ?? []).filter((allergen) => (avoid ?? []).includes(allergen));
  if (listed.length) alerts.show(allergyAtAdd(name, listed, alerts.words), "info");
}
