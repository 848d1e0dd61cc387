"use client";
import { useSession } from "@/components/providers/session-provider";
import type { Allergen } from "@/lib/shared/allergens";
import { allergenText } from "./dish-labels";
import styles from "./dish-labels.module.css";

// What a dish holds of the allergens the signed-in customer saved on their account
// (docs/architecture/allergens.md): "Contains peanuts" and, apart, "May contain peanuts". Drawn on
// the client from the session, since the menu and dish pages are replayed to everyone.

export function AllergyWarning({ allergens, mayContain }: { allergens: readonly Allergen[]; mayContain: readonly Allergen[] }) {
  const { user } = useSession();
  const avoid: readonly string[] = user?.avoidAllergens ?? [];
  if (!avoid.length) return null;
  const contains = allergens.filter((name) => avoid.includes(name));
  const traces = mayContain.filter((name) => avoid.includes(name) && !contains.includes(name));
  return (
    <>
      {contains.length > 0 && (
        <p className={styles.warning} data-allergy="contains">
          Contains {allergenText(contains)}: on your allergy list
        </p>
      )}
      {traces.length > 0 && (
        <p className={styles.caution} data-allergy="may-contain">
          May contain {allergenText(traces)}: on your allergy list
        </p>
      )}
    </>
  );
}
