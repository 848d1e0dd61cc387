import { DROPOFF_LABELS, type DropoffChoice } from "@/lib/shared/constants";
import { ChoiceCard } from "./choice-card";
import group from "./choice-card.module.css";
import styles from "./checkout.module.css";

/**
 * At the door: "Hand it to me" (the default) or "Leave it at my door", which the
 * courier photographs; the photo is on the order's page until the problem-report window closes.
 */
export function DropoffOptions({ value, onSelect }: { value: DropoffChoice; onSelect: (choice: DropoffChoice) => void }) {
  return (
    <section className={styles.section} aria-labelledby="dropoff-options-heading">
      <h2 id="dropoff-options-heading" className={styles.sectionTitle}>
        At the door
      </h2>
      <fieldset className={group.group}>
        <legend className="sr-only">Drop-off</legend>
        <ChoiceCard
          name="dropoff"
          value="hand_to_me"
          checked={value === "hand_to_me"}
          onChange={() => onSelect("hand_to_me")}
          icon="user"
          title={DROPOFF_LABELS.hand_to_me}
          detail="The courier hands you the order"
        />
        <ChoiceCard
          name="dropoff"
          value="leave_at_door"
          checked={value === "leave_at_door"}
          onChange={() => onSelect("leave_at_door")}
          icon="bag"
          title={DROPOFF_LABELS.leave_at_door}
          detail="The courier leaves it and sends you a photo"
        />
      </fieldset>
    </section>
  );
}
