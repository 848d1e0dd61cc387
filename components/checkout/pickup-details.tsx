"use client";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { pickupEstimateText } from "@/lib/shared/arrival";
import { directionsUrl } from "@/lib/shared/directions";
import { ChoiceCard } from "./choice-card";
import group from "./choice-card.module.css";
import styles from "./checkout.module.css";

/** `deliveryTime` with the kitchen's busy minutes (the pickup estimate); `busyExtraMinutes` apart for the delivery estimate (lib/shared/delivery-estimate.ts). */
export type PickupPlace = { address: string; city: string; state: string; zip: string; deliveryTime: number; busyExtraMinutes?: number };

/** Pickup's "where": the restaurant's address with a maps link; no delivery address is needed. */
export function PickupDetails({ name, place }: { name: string; place: PickupPlace | null }) {
  return (
    <section className={styles.section} aria-labelledby="pickup-details-heading">
      <h2 id="pickup-details-heading" className={styles.sectionTitle}>
        Pickup details
      </h2>
      <div className={styles.detailRow}>
        <span className={styles.detailIcon}>
          <IconGlyph name="store" />
        </span>
        <div className={styles.detailText}>
          <p className={styles.detailLabel}>Pick up at {name}</p>
          <p>{place ? `${place.address}, ${place.city}, ${place.state} ${place.zip}` : "Loading the address…"}</p>
          {place && (
            <a
              className={`${buttonClass({ variant: "secondary", size: "small" })} ${styles.editButton}`}
              href={directionsUrl(place)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Get directions<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </section>
  );
}

type PickupOptionsProps = {
  scheduled: boolean;
  place: PickupPlace | null;
  onAsap: () => void;
  onSchedule: () => void;
  /** "Tomorrow, 6:00 PM" once a slot is picked. */
  slotLabel: string | null;
  onChangeTime: () => void;
};

/** Pickup's "when": as soon as possible (the restaurant's pickup estimate) or a scheduled slot. */
export function PickupOptions({ scheduled, place, onAsap, onSchedule, slotLabel, onChangeTime }: PickupOptionsProps) {
  return (
    <section className={styles.section} aria-labelledby="pickup-options-heading">
      <h2 id="pickup-options-heading" className={styles.sectionTitle}>
        Pickup time
      </h2>
      <fieldset className={group.group}>
        <legend className="sr-only">Pickup time</legend>
        <ChoiceCard
          name="pickupTime"
          value="asap"
          checked={!scheduled}
          onChange={onAsap}
          icon="clock"
          title="As soon as possible"
          detail={place ? `Ready in ${pickupEstimateText(place.deliveryTime)}` : "Ready soon"}
        />
        <ChoiceCard
          name="pickupTime"
          value="schedule"
          checked={scheduled}
          onChange={onSchedule}
          icon="calendar"
          title="Schedule"
          detail={scheduled && slotLabel ? slotLabel : "Choose a pickup time"}
        >
          {scheduled && slotLabel && (
            <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={onChangeTime}>
              Change time
            </button>
          )}
        </ChoiceCard>
      </fieldset>
    </section>
  );
}
