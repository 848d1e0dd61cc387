import Link from "@/components/ui/link";
import { GuestButton } from "@/components/auth/guest-button";
import { buttonClass } from "@/components/ui/button";
import { PhotoCaption } from "@/components/ui/photo-caption";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { getT } from "@/lib/i18n/translate";
import { LandingSearch, type LandingLabels, type LandingTyped } from "./landing-search";
import styles from "./landing.module.css";
import { Photo } from "@/components/ui/photo";

// A value from a client module is only a reference on the server: the keys are listed here.
const LANDING_LABELS = ["form", "address", "addressPlaceholder", "when", "now", "later", "submit"] as const satisfies readonly (keyof LandingLabels)[];

/** `typed`: a search sent before the page hydrated (a plain GET to /), kept in the box. */
export async function LandingHero({ typed }: { typed?: LandingTyped }) {
  const [t, search] = await Promise.all([getT("landing"), getT("landing.search")]);
  const labels = Object.fromEntries(LANDING_LABELS.map((key) => [key, search(key)])) as LandingLabels;
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroPhoto}>
        <Photo src={SHELL_PHOTOS.hero} alt={t("heroAlt")} fill preload fetchPriority="high" sizes="100vw" />
        <PhotoCaption src={SHELL_PHOTOS.hero} className={styles.heroCaption} />
      </div>
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroCard}>
          <h1 id="hero-title" className={styles.heroTitle}>
            {t("title")}
          </h1>
          <p className={styles.heroLead}>{t("lead")}</p>
          <LandingSearch typed={typed} labels={labels} />
          <div className={styles.ctas}>
            <Link href="/login" className={buttonClass({ variant: "secondary" })}>
              {t("signIn")}
            </Link>
            <Link href="/signup" className={buttonClass({ variant: "secondary" })}>
              {t("signUp")}
            </Link>
            <GuestButton block={false} />
          </div>
        </div>
      </div>
    </section>
  );
}
