"use client";
import { lazy, Suspense, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { DeliveryOption } from "@/lib/shared/constants";
import type { PickedSlot } from "./schedule-picker";

// The slot picker (and the slot rules of lib/shared/schedule.ts) loads when Schedule is first chosen.
const SchedulePicker = lazy(() => import("./schedule-picker").then((m) => ({ default: m.SchedulePicker })));

export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;

/**
 * The delivery option and its scheduled slot, as the checkout and a group order's checkout
 * choose them: choosing Schedule opens the slot picker; closing it without a time goes back to
 * the option chosen before.
 */
export function useDeliveryChoice() {
  const [delivery, setDelivery] = useState<DeliveryOption>("standard");
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // The option the customer had before choosing Schedule, restored if they close the picker without a time.
  const [beforeSchedule, setBeforeSchedule] = useState<DeliveryOption>("standard");

  const select = (option: DeliveryOption) => {
    if (option === "schedule") {
      if (delivery !== "schedule") setBeforeSchedule(delivery);
      setScheduleOpen(true);
    }
    setDelivery(option);
  };
  const closeSchedule = () => {
    setScheduleOpen(false);
    if (!slot) setDelivery(beforeSchedule);
  };
  const pick = (picked: PickedSlot) => {
    setSlot(picked);
    setDelivery("schedule");
    setScheduleOpen(false);
  };
  /** The submit body's delivery fields, or null (and the picker opens) while Schedule has no time yet. */
  const fields = (): { deliveryOption: DeliveryOption; scheduledFor?: string } | null => {
    if (delivery === "schedule" && !slot) {
      setScheduleOpen(true);
      return null;
    }
    return { deliveryOption: delivery, ...(delivery === "schedule" && slot ? { scheduledFor: slot.value } : {}) };
  };
  return { delivery, slot, slotLabel: slot?.label ?? null, select, scheduleOpen, openSchedule: () => setScheduleOpen(true), closeSchedule, pick, fields };
}

/** The "Schedule delivery" modal of a delivery choice (its picker is loaded on first opening). */
export function ScheduleDialog({ choice, closingTime }: { choice: DeliveryChoice; closingTime: string | null }) {
  const loaded = useOpenedOnce(choice.scheduleOpen);
  return (
    <Dialog open={choice.scheduleOpen} onClose={choice.closeSchedule} title="Schedule delivery">
      {loaded && (
        <Suspense fallback={null}>
          <SchedulePicker closingTime={closingTime} current={choice.slot} onCancel={choice.closeSchedule} onPick={choice.pick} />
        </Suspense>
      )}
    </Dialog>
  );
}
