import Link from "@/components/ui/link";
import { GuestButton } from "@/components/auth/guest-button";
import { buttonClass } from "@/components/ui/button";
import { PhotoCaption } from "@/components/ui/photo-caption";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { LandingSearch, type LandingTyped } from "./landing-search";
import styles from "./landing.module.css";
import { Photo } from "@/components/ui/photo";

/** `typed`: a search sent before the page hydrated (a plain GET to /), kept in the box. */
export function LandingHero({ typed }: { typed?: LandingTyped }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroPhoto}>
        <Photo src={SHELL_PHOTOS.hero} alt="A baked vegetable pasta dish on a rustic wooden table" fill preload fetchPriority="high" sizes="100vw" />
        <PhotoCaption src={SHELL_PHOTOS.hero} className={styles.heroCaption} />
      </div>
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroCard}>
          <h1 id="hero-title" className={styles.heroTitle}>
            Order delivery near you
          </h1>
          <p className={styles.heroLead}>Dinner from the places you love, at your door in about 30 minutes.</p>
          <LandingSearch typed={typed} />
          <div className={styles.ctas}>
            <Link href="/login" className={buttonClass({ variant: "secondary" })}>
              Sign in
            </Link>
            <Link href="/signup" className={buttonClass({ variant: "secondary" })}>
              Sign up
            </Link>
            <GuestButton block={false} />
          </div>
        </div>
      </div>
    </section>
  );
}
