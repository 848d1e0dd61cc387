"use client";
import { useSession } from "@/components/providers/session-provider";
import { ALLERGEN_NAMES, allergyWarning, type Allergen } from "@/lib/shared/allergens";
import styles from "./dish-labels.module.css";

// What a dish holds of the allergens the signed-in customer saved on their account
// (docs/architecture/allergens.md): "Contains peanuts" and, apart, "May contain peanuts". Drawn on
// the client from the session, since the menu and dish pages are replayed to everyone.

const names = (list: readonly Allergen[]) => list.map((name) => ALLERGEN_NAMES[name].toLowerCase()).join(", ");

export function AllergyWarning({ allergens, mayContain }: { allergens: readonly Allergen[]; mayContain: readonly Allergen[] }) {
  const { user } = useSession();
  const avoid = user?.avoidAllergens ?? [];
  if (!avoid.length) return null;
  const warning = allergyWarning({ allergens, mayContain }, avoid);
  return (
    <>
      {warning.contains.length > 0 && (
        <p className={styles.warning} data-allergy="contains">
          Contains {names(warning.contains)}: on your allergy list
        </p>
      )}
      {warning.mayContain.length > 0 && (
        <p className={styles.caution} data-allergy="may-contain">
          May contain {names(warning.mayContain)}: on your allergy list
        </p>
      )}
    </>
  );
}
