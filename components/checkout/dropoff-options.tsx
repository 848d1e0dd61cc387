import type { Words } from "@/lib/i18n/words";
import type { DropoffChoice } from "@/lib/shared/constants";
import { ChoiceCard, ChoiceSection } from "./choice-card";

/**
 * At the door: "Hand it to me" (the default) or "Leave it at my door", which the
 * courier photographs; the photo is on the order's page until the problem-report window closes.
 */
export function DropoffOptions({ value, onSelect, words: w }: { value: DropoffChoice; onSelect: (choice: DropoffChoice) => void; words: Words<"checkout">["choices"] }) {
  return (
    <ChoiceSection id="dropoff-options-heading" title={w.atDoor} legend={w.dropoff}>
      <ChoiceCard
        name="dropoff"
        value="hand_to_me"
        checked={value === "hand_to_me"}
        onChange={() => onSelect("hand_to_me")}
        icon="user"
        title={w.handToMe}
        detail={w.handToMeDetail}
      />
      <ChoiceCard
        name="dropoff"
        value="leave_at_door"
        checked={value === "leave_at_door"}
        onChange={() => onSelect("leave_at_door")}
        icon="bag"
        title={w.leaveAtDoor}
        detail={w.leaveAtDoorDetail}
      />
    </ChoiceSection>
  );
}
