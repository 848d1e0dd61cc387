import type { Words } from "@/lib/i18n/words";
import type { FulfillmentMode } from "@/lib/shared/constants";
import { ChoiceCard, ChoiceSection } from "./choice-card";

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
    <ChoiceSection id="fulfillment-heading" title={w.fulfillment} legend={w.fulfillment}>
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
    </ChoiceSection>
  );
}
