import type { FulfillmentMode } from "@/lib/shared/constants";
import { ChoiceCard } from "./choice-card";
import group from "./choice-card.module.css";
import styles from "./checkout.module.css";

/** Delivery or pickup, switchable at checkout: the same mode as the top bar's toggle. */
export function FulfillmentChoice({ value, onSelect }: { value: FulfillmentMode; onSelect: (mode: FulfillmentMode) => void }) {
  return (
    <section className={styles.section} aria-labelledby="fulfillment-heading">
      <h2 id="fulfillment-heading" className={styles.sectionTitle}>
        Delivery or pickup
      </h2>
      <fieldset className={group.group}>
        <legend className="sr-only">Delivery or pickup</legend>
        <ChoiceCard
          name="fulfillment"
          value="delivery"
          checked={value === "delivery"}
          onChange={() => onSelect("delivery")}
          icon="scooter"
          title="Delivery"
          detail="To your address"
        />
        <ChoiceCard
          name="fulfillment"
          value="pickup"
          checked={value === "pickup"}
          onChange={() => onSelect("pickup")}
          icon="bag"
          title="Pickup"
          detail="Collect it at the restaurant, no delivery fee"
        />
      </fieldset>
    </section>
  );
}
