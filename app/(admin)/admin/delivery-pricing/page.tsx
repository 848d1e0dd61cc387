import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { DeliveryPricingForm } from "@/components/operators/delivery-pricing-form";
import { LocalTime } from "@/components/operators/local-time";
import { requireOperatorPage } from "@/lib/server/web/page";
import { marketPricingJson } from "@/lib/server/pricing/market";

export const metadata: Metadata = { title: "Delivery pricing" };

/** The market's delivery pricing: set here, audited, in effect from the next quote and order; the spec's flat $6.49 until then. */
export default async function OperatorDeliveryPricingPage() {
  await requireOperatorPage();
  const pricing = await marketPricingJson();
  const { spec, defaults, updatedAt, updatedBy, ...values } = pricing;
  return (
    <>
      <h1>Delivery pricing</h1>
      <p className={styles.intro}>
        What customers pay for delivery: a flat fee, or by the distance from the restaurant to their address, a small order fee under a subtotal, and the service fee.
        Restaurants set their own minimum order and free delivery (which they pay for). A change holds from the next quote and order, and every restaurant page states it.
      </p>
      <p className={styles.meta}>
        {updatedBy && updatedAt ? (
          <>
            Last set by {updatedBy.firstName}, <LocalTime at={updatedAt} />.
          </>
        ) : (
          "Not set yet."
        )}{" "}
        {spec
          ? "The marketplace's standard pricing is in effect."
          : `Standard pricing: $${defaults.flatFee.toFixed(2)} flat, ${defaults.serviceFeePercent}% service fee, no small order fee.`}
      </p>
      <DeliveryPricingForm key={JSON.stringify(values)} values={values} />
    </>
  );
}
