import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { buttonClass } from "@/components/ui/button";
import { PRIORITY_FEE_CENTS, type DeliveryOption } from "@/lib/shared/constants";
import { deliveryEstimateText } from "@/lib/shared/delivery/delivery-estimate";
import { formatCents } from "@/lib/shared/money/money";
import { ChoiceCard, ChoiceSection } from "./choice-card";

type DeliveryOptionsProps = {
  value: DeliveryOption;
  onSelect: (option: DeliveryOption) => void;
  /** "Tomorrow, 6:00 PM" once a slot is picked. */
  slotLabel: string | null;
  onChangeTime: () => void;
  /** The minutes the restaurant's kitchen adds while busy (checkout-restaurant.ts): the one estimate, lib/shared/delivery/delivery-estimate.ts. */
  busyExtraMinutes: number;
  /** A paused restaurant's minutes until it reopens, and why ("Opens again at 6:30 PM"): the estimate counts them. */
  pausedMinutes?: number;
  reopens?: string | null;
  /** The ranges quoted to the delivery address (useArrivalQuote): what the order will be promised; null until known. */
  quoted?: { standard: string; priority: string } | null;
  /** Its words and the fee's language, from the server. */
  words: Words<"checkout">["choices"];
  locale: Locale;
  /** The order's currency; USD's when absent. */
  currency?: string;
};

/** Standard, Priority (+1.49) or Schedule; choosing Schedule opens the time picker. */
export function DeliveryOptions({
  value,
  onSelect,
  slotLabel,
  onChangeTime,
  busyExtraMinutes,
  pausedMinutes = 0,
  reopens = null,
  quoted = null,
  words: w,
  locale,
  currency,
}: DeliveryOptionsProps) {
  const estimate = (option: "standard" | "priority") =>
    (quoted?.[option] ?? deliveryEstimateText({ busyExtraMinutes, pausedMinutes }, option)) + (reopens ? ` · ${reopens}` : "");
  return (
    <ChoiceSection id="delivery-options-heading" title={w.options} legend={w.option}>
      <ChoiceCard
        name="deliveryOption"
        value="standard"
        checked={value === "standard"}
        onChange={() => onSelect("standard")}
        icon="scooter"
        title={w.standard}
        detail={estimate("standard")}
      />
      <ChoiceCard
        name="deliveryOption"
        value="priority"
        checked={value === "priority"}
        onChange={() => onSelect("priority")}
        icon="clock"
        title={w.priority}
        detail={estimate("priority")}
        aside={formatCents(PRIORITY_FEE_CENTS, { locale, currency, signAlways: true })}
      />
      <ChoiceCard
        name="deliveryOption"
        value="schedule"
        checked={value === "schedule"}
        onChange={() => onSelect("schedule")}
        icon="calendar"
        title={w.schedule}
        detail={value === "schedule" && slotLabel ? slotLabel : w.chooseTime}
      >
        {value === "schedule" && slotLabel && (
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={onChangeTime}>
            {w.changeTime}
          </button>
        )}
      </ChoiceCard>
    </ChoiceSection>
  );
}
