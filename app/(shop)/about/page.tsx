import type { Metadata } from "next";
import Link from "@/components/ui/link";
import styles from "@/components/about/about.module.css";
import { DELIVERY_FEE_TEXT, PRIORITY_SURCHARGE_TEXT } from "@/components/browse/delivery-fee";
import { AddRestaurantLink } from "@/components/shell/add-restaurant-link";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "About Nosh" };

// The footer's "About Nosh": a short page of its own, not the catch-all's 'Feature Coming Soon!'.
export default function AboutPage() {
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
            <li>
              Delivery costs {DELIVERY_FEE_TEXT} on every order, {PRIORITY_SURCHARGE_TEXT} for priority; tax and fees are 10% of the subtotal, and the tip is yours to
              choose.
            </li>
            <li>Order and delivery times are shown in Pacific time, wherever you are.</li>
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="about-owners">
          <h2 id="about-owners" className={styles.sectionTitle}>
            For restaurants
          </h2>
          <p>
            Owners list their restaurants, keep their menus up to date, follow incoming orders and pause or reopen whenever they need to. <AddRestaurantLink />.
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
