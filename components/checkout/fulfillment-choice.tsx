import type { Words } from "@/lib/i18n/words";
import type { FulfillmentMode } from "@/lib/shared/constants";
import { ChoiceCard } from "./choice-card";
import group from "./choice-card.module.css";
import styles from "./checkout.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** Delivery or pickup, switchable at checkout: the same mode as the top bar's toggle; `words` in the page's language. */
export function FulfillmentChoice({
  value,
  onSelect,
  words: w,
}: {
  value: FulfillmentMode;
  onSelect: (mode: FulfillmentMode) => void;
  words: Words<"checkout">["choices"];
}) {
  return (
    <TitledSection id="fulfillment-heading" title={w.fulfillment} className={styles.section} titleClassName={styles.sectionTitle}>
      <fieldset className={group.group}>
        <legend className="sr-only">{w.fulfillment}</legend>
        <ChoiceCard
          name="fulfillment"
          value="delivery"
          checked={value === "delivery"}
          onChange={() => onSelect("delivery")}
          icon="scooter"
          title={w.delivery}
          detail={w.deliveryDetail}
        />
        <ChoiceCard
          name="fulfillment"
          value="pickup"
          checked={value === "pickup"}
          onChange={() => onSelect("pickup")}
          icon="bag"
          title={w.pickup}
          detail={w.pickupDetail}
        />
      </fieldset>
    </TitledSection>
  );
}
