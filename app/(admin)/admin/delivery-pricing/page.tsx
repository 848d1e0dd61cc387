import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { DeliveryPricingForm } from "@/components/operators/delivery-pricing-form";
import { LocalTime } from "@/components/operators/local-time";
import { requireOperatorPage } from "@/lib/server/web/page";
import { marketPricingJson } from "@/lib/server/pricing/market";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { decimalText } from "@/lib/shared/tax";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("pricing.title") };
}

/** The market's delivery pricing: set here, audited, in effect from the next quote and order; the spec's flat $6.49 until then. */
export default async function OperatorDeliveryPricingPage() {
  await requireOperatorPage();
  const pricing = await marketPricingJson();
  const { spec, defaults, updatedAt, updatedBy, ...values } = pricing;
  const [t, { pricing: words }, locale] = await Promise.all([getT("admin"), getWords("admin"), requestLocale()]);
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      <p className={styles.meta}>
        {updatedBy && updatedAt ? (
          <>
            {t("pricing.lastSet", { name: updatedBy.firstName })} <LocalTime at={updatedAt} />.
          </>
        ) : (
          words.notSet
        )}{" "}
        {spec ? words.standard : t("pricing.defaults", { flat: defaults.flatFee.toFixed(2), percent: decimalText(defaults.serviceFeePercent, locale) })}
      </p>
      <DeliveryPricingForm values={values} words={words.form} />
    </>
  );
}
