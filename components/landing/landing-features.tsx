import Link from "@/components/ui/link";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import styles from "./landing.module.css";
import { Photo } from "@/components/ui/photo";

const FEATURES = [
  {
    title: "Local favorites, delivered",
    text: "Sushi, tacos, curries and burgers from independent kitchens in your neighborhood.",
    photo: SHELL_PHOTOS.featureLocal,
    alt: "A colorful poke bowl with shrimp, cucumber and red cabbage",
    link: { href: "/signup", label: "Create an account" },
  },
  {
    title: "Fast, tracked delivery",
    text: "Order now or schedule for later. Priority delivery gets it to you in 15-30 minutes.",
    photo: SHELL_PHOTOS.featureFast,
    alt: "Glazed Korean fried chicken topped with sesame seeds",
    link: { href: "/login", label: "Sign in to order" },
  },
  {
    title: "Own a restaurant?",
    text: "Reach new customers: list your menu on Nosh and manage it from one place.",
    photo: SHELL_PHOTOS.featureOwner,
    alt: "A wholemeal pizza topped with fresh arugula",
    link: { href: "/login", label: "Add your restaurant" },
  },
] as const;

// Three columns from 768px (container padding 2 x 16px, gaps 2 x 24px), one below.
const FEATURE_SIZES = "(min-width: 1200px) 374px, (min-width: 768px) calc((100vw - 80px) / 3), calc(100vw - 32px)";

export function LandingFeatures() {
  return (
    <section className={`container ${styles.features}`} aria-labelledby="features-title">
      <h2 id="features-title" className={styles.featuresTitle}>
        Everything you crave, in one place
      </h2>
      <ul className={styles.featureGrid}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <div className={styles.featurePhoto}>
              <Photo src={feature.photo} alt={feature.alt} fill sizes={FEATURE_SIZES} />
            </div>
            <div className={styles.featureBody}>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
              <Link href={feature.link.href} className={styles.featureLink}>
                {feature.link.label}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
