import Link from "@/components/ui/link";
import { AddRestaurantLink } from "./add-restaurant-link";
import { BrandMark } from "./brand";
import { LEGAL_KINDS, legalPath } from "@/lib/shared/people/legal";
import { LOCALES, LOCALE_NAMES } from "@/lib/i18n/locale";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import styles from "./footer.module.css";

const YEAR = new Date().getFullYear();

export async function Footer() {
  const [t, locale, language, shell, { legal }] = await Promise.all([getT("footer"), requestLocale(), getT("language"), getT("shell"), getWords("profile")]);
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.about}>
          <Link href="/" className={styles.brand}>
            <BrandMark inverted />
          </Link>
          <p className={styles.tagline}>{t("tagline")}</p>
        </div>
        <nav aria-label={t("nav")} className={styles.nav}>
          <ul className={styles.links}>
            <li>
              <Link href="/about">{t("about")}</Link>
            </li>
            <li>
              <AddRestaurantLink>{shell("nav.addRestaurant")}</AddRestaurantLink>
            </li>
            <li>
              <Link href="/credits">{t("credits")}</Link>
            </li>
            <li>
              <Link href="/developers/api">{t("api")}</Link>
            </li>
            <li>
              <Link href="/help">{t("help")}</Link>
            </li>
          </ul>
        </nav>
        {/* Every legal document, on every page with the footer (docs/architecture/legal.md). */}
        <nav aria-label={t("legalNav")} className={styles.legalNav}>
          <ul className={styles.legal}>
            {LEGAL_KINDS.map((kind) => (
              <li key={kind}>
                <Link href={legalPath(kind)}>{legal[kind]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* Plain links (app/language/[code]/route.ts): no script on any page; each name in its own language. */}
        <nav aria-label={language("label")} className={styles.languages}>
          <ul className={styles.legal}>
            {LOCALES.map((code) => (
              <li key={code}>
                {code === locale ? (
                  <span aria-current="true" lang={code} className={styles.currentLanguage}>
                    {LOCALE_NAMES[code]}
                  </span>
                ) : (
                  <a href={`/language/${code}`} lang={code} hrefLang={code} rel="nofollow">
                    {LOCALE_NAMES[code]}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>{t("copyright", { year: YEAR })}</p>
      </div>
    </footer>
  );
}
