"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import type { Allergen } from "@/lib/shared/menu/allergens";
import styles from "./dish-labels.module.css";

// What a dish holds of the allergens the signed-in customer saved on their account
// (docs/architecture/allergens.md): "Contains peanuts" and, apart, "May contain peanuts". Drawn on
// the client from the session, since the menu and dish pages are replayed to everyone. Its words
// (and the allergens' names) in the page's language ride the alerts provider, as the shared controls' do.

export function AllergyWarning({ allergens, mayContain }: { allergens: readonly Allergen[]; mayContain: readonly Allergen[] }) {
  const { user } = useSession();
  const { words } = useAlerts();
  const said = (text: string, names: readonly Allergen[]) => text.replace("{list}", names.map((name) => words.allergens[name]).join(", "));
  const avoid: readonly string[] = user?.avoidAllergens ?? [];
  if (!avoid.length) return null;
  const contains = allergens.filter((name) => avoid.includes(name));
  const traces = mayContain.filter((name) => avoid.includes(name) && !contains.includes(name));
  return (
    <>
      {contains.length > 0 && (
        <p className={styles.warning} data-allergy="contains">
          {said(words.allergy.contains, contains)}
        </p>
      )}
      {traces.length > 0 && (
        <p className={styles.caution} data-allergy="may-contain">
          {said(words.allergy.mayContain, traces)}
        </p>
      )}
    </>
  );
}
