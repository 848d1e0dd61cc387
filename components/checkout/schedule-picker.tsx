"use client";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import { scheduleSlots, type SlotLanguage } from "@/lib/shared/time/schedule";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./schedule-picker.module.css";

export type PickedSlot = { value: string; label: string };

type SchedulePickerProps = {
  /** The restaurant's hours: the slots lie inside them. */
  opening: OpeningHours;
  current: PickedSlot | null;
  onPick: (slot: PickedSlot) => void;
  onCancel: () => void;
  /** The slots are pickup times rather than delivery times (the same rule). */
  pickup?: boolean;
  /** Its words (the catalogue's orderflow.checkout.schedule), from the server. */
  words: Words<"orderflow">["checkout"]["schedule"];
  /** The days' names and the times' language (the catalogue's lines.slots), from the server. */
  language: SlotLanguage;
};

/**
 * The schedule modal's content: day tabs (arrow keys, Home, End) over that day's 30-minute
 * slots, from lib/shared/time/schedule.ts, the same rule the server checks the chosen slot with.
 * Mounted when the modal opens, so the slots start from the time it opened.
 */
export function SchedulePicker({ opening, current, onPick, onCancel, pickup = false, words: w, language }: SchedulePickerProps) {
  const [days] = useState(() => scheduleSlots(new Date(), opening, language));
  const [dayIndex, setDayIndex] = useState(() =>
    Math.max(
      0,
      days.findIndex((day) => day.slots.some((s) => s.value === current?.value)),
    ),
  );
  const [picked, setPicked] = useState(current?.value ?? null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  if (!days.length) {
    return <p className={styles.none}>{pickup ? w.noPickup : w.noDelivery}</p>;
  }
  const day = days[dayIndex]!;

  const moveTo = (index: number) => {
    const next = (index + days.length) % days.length;
    setDayIndex(next);
    tabs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLElement>) => {
    // The next day is the arrow towards the line's end: left, right to left.
    const ahead = getComputedStyle(event.currentTarget).direction === "rtl" ? -1 : 1;
    const moves: Record<string, number> = { ArrowRight: dayIndex + ahead, ArrowLeft: dayIndex - ahead, Home: 0, End: days.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    moveTo(moves[event.key]!);
  };

  const pickedDay = days.find((d) => d.slots.some((s) => s.value === picked));
  const pickedSlot = pickedDay?.slots.find((s) => s.value === picked);

  return (
    <div className={styles.picker}>
      <p className={styles.intro}>{w.intro}</p>
      <div role="tablist" aria-label={pickup ? w.pickupDay : w.deliveryDay} className={styles.tabs} onKeyDown={onTabKey}>
        {days.map((d, index) => (
          <button
            key={d.date}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === dayIndex}
            aria-controls={`${id}-panel`}
            tabIndex={index === dayIndex ? 0 : -1}
            className={styles.tab}
            onClick={() => setDayIndex(index)}
          >
            {d.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${dayIndex}`} className={styles.panel}>
        <ul className={styles.slots} aria-label={fill(pickup ? w.pickupTimes : w.deliveryTimes, { day: day.label })}>
          {day.slots.map((slot) => (
            <li key={slot.value}>
              <button type="button" className={styles.slot} aria-pressed={slot.value === picked} onClick={() => setPicked(slot.value)}>
                {slot.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.footer}>
        <button type="button" className={buttonClass({ variant: "ghost" })} onClick={onCancel}>
          {w.cancel}
        </button>
        <button
          type="button"
          className={buttonClass()}
          disabled={!pickedSlot}
          onClick={() => pickedDay && pickedSlot && onPick({ value: pickedSlot.value, label: fill(w.slot, { day: pickedDay.label, time: pickedSlot.label }) })}
        >
          {pickedSlot ? fill(w.scheduleFor, { slot: fill(w.slot, { day: pickedDay!.label, time: pickedSlot.label }) }) : pickup ? w.schedulePickup : w.scheduleDelivery}
        </button>
      </div>
    </div>
  );
}
