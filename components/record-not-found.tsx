import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph, type IconName } from "@/components/ui/icons";
import { getT } from "@/lib/i18n/translate";
import styles from "./feature-coming-soon.module.css";

type RecordNotFoundProps = { icon: IconName; title: string; children: ReactNode; more?: ReactNode; action?: { href: string; label: string } };

/**
 * A known page whose record does not exist (or is not the visitor's): the route's not-found.tsx.
 * Unknown paths keep the spec's 'Feature Coming Soon!' (app/(shop)/not-found.tsx).
 */
export async function RecordNotFound({ icon, title, children, more, action }: RecordNotFoundProps) {
  const { href, label } = action ?? { href: "/home", label: (await getT("profile"))("notFound.browse") };
  return (
    <div className={`container ${styles.wrap}`}>
      <span className={styles.icon}>
        <IconGlyph name={icon} size={44} strokeWidth={1.6} />
      </span>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{children}</p>
      <Link href={href} className={buttonClass({ size: "large" })}>
        {label}
      </Link>
      {more}
    </div>
  );
}

// The restaurant's and the dish's not-found pages, each used by two route folders: the catalog
// page (app/(shop)/(catalog)/) and the owner's pages of the same record.

/** An unknown id on the restaurant's pages, its owner pages included (a stranger's restaurant is not found, as the API answers it). */
export async function RestaurantNotFound() {
  const t = await getT("profile");
  return (
    <RecordNotFound icon="store" title={t("notFound.restaurantTitle")}>
      {t("notFound.restaurantText")}
    </RecordNotFound>
  );
}

/** An unknown id on the dish's page and its owner pages (a stranger's dish is not found, as the API answers it). */
export async function DishNotFound() {
  const t = await getT("profile");
  return (
    <RecordNotFound icon="utensils" title={t("notFound.dishTitle")}>
      {t("notFound.dishText")}
    </RecordNotFound>
  );
}
