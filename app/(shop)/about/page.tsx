import type { Metadata } from "next";
import Link from "@/components/ui/link";
import styles from "@/components/about/about.module.css";
import { marketPricing } from "@/lib/server/pricing/market";
import { aboutDeliveryText } from "@/lib/shared/delivery-pricing-text";
import { wordsFor } from "@/lib/i18n/translate";
import { AddRestaurantLink } from "@/components/shell/add-restaurant-link";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "About Nosh" };
// The delivery sentence states the market's pricing as it is now (an operator sets it), not as it was at the build.
export const dynamic = "force-dynamic";

// The footer's "About Nosh": a short page of its own, not the catch-all's 'Feature Coming Soon!'.
export default async function AboutPage() {
  const delivery = aboutDeliveryText(await marketPricing(), wordsFor("en", "restaurant").fee);
  return (
    <div className="container">
      <PageHeader title="About Nosh" subtitle="Food delivery from the local restaurants you love." />
      <div className={styles.body}>
        <section className={styles.section} aria-labelledby="about-customers">
          <h2 id="about-customers" className={styles.sectionTitle}>
            For customers
          </h2>
          <p>
            Browse restaurants by cuisine, fill a cart from one restaurant at a time, and check out with standard, priority or scheduled delivery. Pay by card or from
            your Nosh wallet, then rate what you ordered.
          </p>
          <ul>
            <li>{delivery}, and the tip is yours to choose.</li>
            <li>Order and delivery times are shown in Pacific time, wherever you are.</li>
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="about-owners">
          <h2 id="about-owners" className={styles.sectionTitle}>
            For restaurants
          </h2>
          <p>
            Owners list their restaurants, keep their menus up to date, follow incoming orders and pause or reopen whenever they need to.{" "}
            <AddRestaurantLink>{wordsFor("en", "shell").nav.addRestaurant}</AddRestaurantLink>.
          </p>
        </section>
        <section className={styles.section} aria-labelledby="about-demo">
          <h2 id="about-demo" className={styles.sectionTitle}>
            A demo marketplace
          </h2>
          <p>
            Nosh is a demonstration: no real food is delivered and no card is charged. The food photos come from public sources, credited on the{" "}
            <Link href="/credits">photo credits</Link> page.
          </p>
        </section>
      </div>
    </div>
  );
}
