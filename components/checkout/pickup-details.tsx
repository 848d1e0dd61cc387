"use client";
import { buttonClass } from "@/components/ui/button";
import { pickupEstimateText } from "@/lib/shared/delivery/arrival";
import { directionsUrl } from "@/lib/shared/delivery/directions";
import { ChoiceCard, ChoiceSection, DetailRow } from "./choice-card";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./checkout.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** `deliveryTime` with the kitchen's busy minutes (the pickup estimate); `busyExtraMinutes` apart for the delivery estimate (lib/shared/delivery/delivery-estimate.ts). */
export type PickupPlace = { address: string; city: string; state: string; zip: string; deliveryTime: number; busyExtraMinutes?: number };

type ChoiceWords = Words<"checkout">["choices"];

/** Pickup's "where": the restaurant's address with a maps link; no delivery address is needed. `words`: the page's language. */
export function PickupDetails({ name, place, words: w }: { name: string; place: PickupPlace | null; words: ChoiceWords }) {
  return (
    <TitledSection id="pickup-details-heading" title={w.pickupDetails} className={styles.section} titleClassName={styles.sectionTitle}>
      <DetailRow icon="store">
        <p className={styles.detailLabel}>{fill(w.pickUpAt, { name })}</p>
        <p>{place ? `${place.address}, ${place.city}, ${place.state} ${place.zip}` : w.loadingAddress}</p>
        {place && (
          <a
            className={`${buttonClass({ variant: "secondary", size: "small" })} ${styles.editButton}`}
            href={directionsUrl(place)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {w.directions}
            <span className="sr-only">{w.newTab}</span>
          </a>
        )}
      </DetailRow>
    </TitledSection>
  );
}

/** The pickup's part of the checkout's delivery choice (use-delivery-choice.tsx): scheduled or not, its slot's label and its actions. */
type PickupChoice = { pickupScheduled: boolean; pickupAsap: () => void; schedulePickup: () => void; slotLabel: string | null; openSchedule: () => void };

/** Pickup's "when": as soon as possible (the restaurant's pickup estimate) or a scheduled slot ("Tomorrow, 6:00 PM" once one is picked). */
export function PickupOptions({ choice, place, words: w }: { choice: PickupChoice; place: PickupPlace | null; words: ChoiceWords }) {
  const { pickupScheduled: scheduled, pickupAsap: onAsap, schedulePickup: onSchedule, slotLabel, openSchedule: onChangeTime } = choice;
  return (
    <ChoiceSection id="pickup-options-heading" title={w.pickupTime} legend={w.pickupTime}>
      <ChoiceCard
        name="pickupTime"
        value="asap"
        checked={!scheduled}
        onChange={onAsap}
        icon="clock"
        title={w.asap}
        detail={place ? fill(w.readyIn, { time: pickupEstimateText(place.deliveryTime) }) : w.readySoon}
      />
      <ChoiceCard
        name="pickupTime"
        value="schedule"
        checked={scheduled}
        onChange={onSchedule}
        icon="calendar"
        title={w.schedule}
        detail={scheduled && slotLabel ? slotLabel : w.choosePickupTime}
      >
        {scheduled && slotLabel && (
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={onChangeTime}>
            {w.changeTime}
          </button>
        )}
      </ChoiceCard>
    </ChoiceSection>
  );
}
