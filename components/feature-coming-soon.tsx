import type { ComponentType, ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { getT } from "@/lib/i18n/translate";
import styles from "./feature-coming-soon.module.css";

type HomeLink = ComponentType<{ href: string; className: string; children: ReactNode }>;

/**
 * What any unknown path shows: 'Feature Coming Soon!'. The store passes
 * the app's Link (components/ui/link.tsx) for the way home; the root not-found page keeps a plain <a> (a Link's
 * client code there would ship with every route, see app/not-found.tsx).
 */
export async function FeatureComingSoon({ link: HomeLink = "a" }: { link?: HomeLink | "a" }) {
  const t = await getT("profile");
  return (
    <div className={`container ${styles.wrap}`}>
      <span className={styles.icon}>
        <IconGlyph name="utensils" size={44} strokeWidth={1.6} />
      </span>
      <h1 className={styles.title}>{t("comingSoon.title")}</h1>
      <p className={styles.text}>{t("comingSoon.text")}</p>
      <HomeLink href="/" className={buttonClass({ size: "large" })}>
        {t("comingSoon.home")}
      </HomeLink>
    </div>
  );
}
