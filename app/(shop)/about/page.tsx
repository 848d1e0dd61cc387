import type { Metadata } from "next";
import Link from "@/components/ui/link";
import styles from "@/components/about/about.module.css";
import { marketPricing } from "@/lib/server/pricing/market";
import { aboutDeliveryText } from "@/lib/shared/money/delivery-pricing-text";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { AddRestaurantLink } from "@/components/shell/add-restaurant-link";
import { PageHeader } from "@/components/ui/page-header";
import { TitledSection } from "@/components/ui/titled-section";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("browse.about"))("title") };
}
// The delivery sentence states the market's pricing as it is now (an operator sets it), not as it was at the build.
export const dynamic = "force-dynamic";

// The footer's "About Nosh": a short page of its own, not the catch-all's 'Feature Coming Soon!'.
export default async function AboutPage() {
  const [market, t, restaurant, browse, locale] = await Promise.all([marketPricing(), getT("browse.about"), getWords("restaurant"), getWords("browse"), requestLocale()]);
  const delivery = aboutDeliveryText(market, restaurant.fee, browse.about.fee, locale);
  return (
    <div className="container">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className={styles.body}>
        <TitledSection id="about-customers" title={t("customers")} className={styles.section} titleClassName={styles.sectionTitle}>
          <p>{t("customersText")}</p>
          <ul>
            <li>{t("delivery", { delivery })}</li>
            <li>{t("times")}</li>
          </ul>
        </TitledSection>
        <TitledSection id="about-owners" title={t("owners")} className={styles.section} titleClassName={styles.sectionTitle}>
          <p>
            {t("ownersText")}
            <AddRestaurantLink>{(await getWords("shell")).nav.addRestaurant}</AddRestaurantLink>
            {t("ownersEnd")}
          </p>
        </TitledSection>
        <TitledSection id="about-demo" title={t("demo")} className={styles.section} titleClassName={styles.sectionTitle}>
          <p>
            {t("demoText")}
            <Link href="/credits">{t("credits")}</Link>
            {t("demoEnd")}
          </p>
        </TitledSection>
      </div>
    </div>
  );
}
