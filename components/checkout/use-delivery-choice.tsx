"use client";
import { lazy, Suspense, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { DeliveryOption } from "@/lib/shared/constants";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import type { SlotLanguage } from "@/lib/shared/time/schedule";
import type { PickedSlot } from "./schedule-picker";
import type { Words } from "@/lib/i18n/words";

// The slot picker (and the slot rules of lib/shared/time/schedule.ts) loads when Schedule is first chosen.
type ScheduleWords = Words<"orderflow">["checkout"]["schedule"];
const SchedulePicker = lazy(() => import("./schedule-picker").then((m) => ({ default: m.SchedulePicker })));

export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;

/**
 * When the order comes, as the checkout and a group order's checkout choose it: a delivery option
 * (Schedule opens the slot picker; closing it without a time goes back to the option chosen
 * before), or with `pickup` as soon as possible or at a slot. `initial`: a slot chosen up front
 * (a closed restaurant's checkout starts on its first slot); `scheduleFirst`: start on Schedule, even with no slot chosen
 * (Place order then opens the picker).
 */
export function useDeliveryChoice(pickup = false, initial: PickedSlot | null = null, scheduleFirst = Boolean(initial)) {
  const [delivery, setDelivery] = useState<DeliveryOption>(scheduleFirst ? "schedule" : "standard");
  // A pickup is as soon as possible, or scheduled for the slot.
  const [pickupScheduled, setPickupScheduled] = useState(scheduleFirst);
  const [slot, setSlot] = useState<PickedSlot | null>(initial);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // The option the customer had before choosing Schedule, restored if they close the picker without a time.
  const [beforeSchedule, setBeforeSchedule] = useState<DeliveryOption>("standard");
  const scheduled = pickup ? pickupScheduled : delivery === "schedule";
  /** The submit's deliveryOption: pickup, or the delivery option. */
  const option: DeliveryOption = pickup ? "pickup" : delivery;

  const select = (next: DeliveryOption) => {
    if (next === "schedule") {
      if (delivery !== "schedule") setBeforeSchedule(delivery);
      setScheduleOpen(true);
    }
    setDelivery(next);
  };
  const closeSchedule = () => {
    setScheduleOpen(false);
    if (slot) return;
    if (pickup) setPickupScheduled(false);
    else setDelivery(beforeSchedule);
  };
  const pick = (picked: PickedSlot) => {
    setSlot(picked);
    if (pickup) setPickupScheduled(true);
    else setDelivery("schedule");
    setScheduleOpen(false);
  };
  const pickupAsap = () => setPickupScheduled(false);
  const schedulePickup = () => {
    setPickupScheduled(true);
    if (!slot) setScheduleOpen(true);
  };
  /** The choice sent before a 3-D Secure challenge, shown again on the way back: its option, and its slot when scheduled. */
  const restore = (option: DeliveryOption, restored: PickedSlot | null) => {
    if (restored) setSlot(restored);
    if (option === "pickup") setPickupScheduled(Boolean(restored));
    else setDelivery(option === "schedule" && !restored ? "standard" : option);
  };
  /** The submit body's delivery fields, or null (and the picker opens) while a scheduled order has no time yet. */
  const fields = (): { deliveryOption: DeliveryOption; scheduledFor?: string } | null => {
    if (scheduled && !slot) {
      setScheduleOpen(true);
      return null;
    }
    return { deliveryOption: option, ...(scheduled && slot ? { scheduledFor: slot.value } : {}) };
  };
  return {
    pickup,
    delivery,
    option,
    scheduled,
    pickupScheduled,
    slot,
    slotLabel: slot?.label ?? null,
    select,
    pickupAsap,
    schedulePickup,
    scheduleOpen,
    openSchedule: () => setScheduleOpen(true),
    closeSchedule,
    pick,
    restore,
    fields,
  };
}

/** The "Schedule delivery" (or pickup) modal of a choice, over the restaurant's hours (its picker is loaded on first opening). */
export function ScheduleDialog({ choice, opening, words, language }: { choice: DeliveryChoice; opening: OpeningHours; words: ScheduleWords; language: SlotLanguage }) {
  const loaded = useOpenedOnce(choice.scheduleOpen);
  return (
    <Dialog open={choice.scheduleOpen} onClose={choice.closeSchedule} title={choice.pickup ? words.schedulePickup : words.scheduleDelivery}>
      {loaded && (
        <Suspense fallback={null}>
          <SchedulePicker
            opening={opening}
            current={choice.slot}
            onCancel={choice.closeSchedule}
            onPick={choice.pick}
            pickup={choice.pickup}
            words={words}
            language={language}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
