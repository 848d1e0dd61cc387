import Link from "@/components/ui/link";
import { AddRestaurantLink } from "./add-restaurant-link";
import { BrandMark } from "./brand";
import { LEGAL_KINDS, LEGAL_NAMES, legalPath } from "@/lib/shared/legal";
import styles from "./footer.module.css";

const YEAR = new Date().getFullYear();

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.about}>
          <Link href="/" className={styles.brand}>
            <BrandMark inverted />
          </Link>
          <p className={styles.tagline}>Food delivery from the local restaurants you love.</p>
        </div>
        <nav aria-label="Footer" className={styles.nav}>
          <ul className={styles.links}>
            <li>
              <Link href="/about">About Nosh</Link>
            </li>
            <li>
              <AddRestaurantLink />
            </li>
            <li>
              <Link href="/credits">Photo credits</Link>
            </li>
            <li>
              <Link href="/developers/api">API reference</Link>
            </li>
            <li>
              <Link href="/help">Help</Link>
            </li>
          </ul>
        </nav>
        {/* Every legal document, on every page with the footer (docs/architecture/legal.md). */}
        <nav aria-label="Legal" className={styles.legalNav}>
          <ul className={styles.legal}>
            {LEGAL_KINDS.map((kind) => (
              <li key={kind}>
                <Link href={legalPath(kind)}>{LEGAL_NAMES[kind]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>© {YEAR} Nosh. A demo marketplace; no real food is delivered.</p>
      </div>
    </footer>
  );
}
