import Link from "@/components/ui/link";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import styles from "./landing.module.css";
import { Photo } from "@/components/ui/photo";
import { getT } from "@/lib/i18n/translate";

// Each card's words are the catalogue's landing.features.<key> (title, text, alt, link).
const FEATURES = [
  { key: "local", photo: SHELL_PHOTOS.featureLocal, href: "/signup" },
  { key: "fast", photo: SHELL_PHOTOS.featureFast, href: "/login" },
  { key: "owner", photo: SHELL_PHOTOS.featureOwner, href: "/login" },
] as const;

// Three columns from 768px (container padding 2 x 16px, gaps 2 x 24px), one below.
const FEATURE_SIZES = "(min-width: 1200px) 374px, (min-width: 768px) calc((100vw - 80px) / 3), calc(100vw - 32px)";

export async function LandingFeatures() {
  const t = await getT("landing.features");
  return (
    <section className={`container ${styles.features}`} aria-labelledby="features-title">
      <h2 id="features-title" className={styles.featuresTitle}>
        {t("title")}
      </h2>
      <ul className={styles.featureGrid}>
        {FEATURES.map((feature) => (
          <li key={feature.key} className={styles.feature}>
            <div className={styles.featurePhoto}>
              <Photo src={feature.photo} alt={t(`${feature.key}.alt`)} fill sizes={FEATURE_SIZES} />
            </div>
            <div className={styles.featureBody}>
              <h3 className={styles.featureTitle}>{t(`${feature.key}.title`)}</h3>
              <p className={styles.featureText}>{t(`${feature.key}.text`)}</p>
              <Link href={feature.href} className={styles.featureLink}>
                {t(`${feature.key}.link`)}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
