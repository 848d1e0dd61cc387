"use client";
import { useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { BUSY_CHOICES, PAUSE_CHOICES, pausedUntilAt, type BusyChoice, type PauseChoice } from "@/lib/shared/kitchen/kitchen-text";
import { formatTime } from "@/lib/shared/time/format-date";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { PREP_MINUTES } from "@/lib/shared/orders/order-stages";
import type { RestaurantJson } from "@/lib/contract/restaurants/schemas";
import styles from "./kitchen-controls.module.css";
import { TitledSection } from "@/components/ui/titled-section";

export type KitchenState = Pick<RestaurantJson, "id" | "timeZone" | "pausedUntil" | "busyExtraMinutes" | "autoAccept" | "defaultPrepMinutes">;
type KitchenBody = { pause?: PauseChoice | "off"; busyExtraMinutes?: BusyChoice; autoAccept?: boolean; defaultPrepMinutes?: number };

const PREP_CHOICES = [10, 15, 20, 30, 45, 60] as const;

/** The controls' words (the catalogue's kitchen.controls) and the times' language, from the server. */
export type KitchenControlsWords = { words: Words<"kitchen">["controls"]; locale: Locale };

/**
 * The kitchen's controls above the order board (docs/architecture/kitchen.md): pause new orders
 * (15, 30, 60 minutes or the rest of today; back by itself), busy minutes added to every prep
 * time, and accepting new orders automatically with a default prep time. PUT /api/manage/{id}/kitchen.
 */
export function KitchenControls({ initial, words, locale }: { initial: KitchenState } & KitchenControlsWords) {
  const { show } = useAlerts();
  const [kitchen, setKitchen] = useState(initial);
  const [now, setNow] = useState<number | null>(null);
  const change = useApiAction(
    (body: KitchenBody, done: string) =>
      api<{ restaurant: KitchenState }>(`/api/manage/${kitchen.id}/kitchen`, { method: "PUT", body }).then(({ restaurant }) => ({ restaurant, done })),
    {
      onSuccess: ({ restaurant, done }) => {
        setKitchen(restaurant);
        show(done, "success");
      },
      onError: (failure) => show(failure.message, "error"),
    },
  );
  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 15_000);
    return () => clearInterval(timer);
  }, []);
  // The controls load after the board (kitchen-controls-lazy.tsx): until this code has mounted them,
  // the server's HTML shows them disabled, so no tap lands on markup that does nothing yet.
  const busy = change.busy || now === null;
  // Until mounted, the server's answer; then the clock ends the pause by itself.
  const paused = kitchen.pausedUntil && (now === null || pausedUntilAt(kitchen.pausedUntil, new Date(now))) ? kitchen.pausedUntil : null;

  const save = (body: KitchenBody, done: string) => change.run(body, done);

  return (
    <TitledSection id="kitchen-title" title={words.title} className={styles.kitchen} titleClassName={styles.title}>
      <div className={styles.group} role="group" aria-label={words.pauseGroup}>
        {paused ? (
          <>
            <p className={styles.paused} role="status">
              {fill(words.pausedUntil, { time: formatTime(paused, kitchen.timeZone, locale) })}
            </p>
            <button type="button" className={buttonClass({ size: "small" })} disabled={busy} onClick={() => void save({ pause: "off" }, words.takingAgain)}>
              {words.takeAgain}
            </button>
          </>
        ) : (
          <>
            <span className={styles.label}>{words.pauseGroup}</span>
            <div className={styles.chips}>
              {PAUSE_CHOICES.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  className={buttonClass({ variant: "secondary", size: "small" })}
                  disabled={busy}
                  onClick={() => void save({ pause: choice }, words.pausedToast[choice])}
                >
                  {words.pauses[choice]}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.label}>{words.busyLegend}</legend>
        <div className={styles.chips}>
          {BUSY_CHOICES.map((minutes) => (
            <label key={minutes} className={`${styles.chip} ${kitchen.busyExtraMinutes === minutes ? styles.chosen : ""}`}>
              <input
                type="radio"
                name="busy"
                checked={kitchen.busyExtraMinutes === minutes}
                disabled={busy}
                onChange={() => void save({ busyExtraMinutes: minutes }, minutes ? fill(words.busyAdded, { minutes }) : words.busyOff)}
              />
              {minutes ? fill(words.plusMinutes, { minutes }) : words.notBusy}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.group}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={kitchen.autoAccept}
            disabled={busy}
            onChange={(event) => void save({ autoAccept: event.target.checked }, event.target.checked ? words.autoOn : words.autoOff)}
          />
          {words.auto}
        </label>
        <label className={styles.prep}>
          {words.prep}
          <select
            value={kitchen.defaultPrepMinutes}
            disabled={busy}
            onChange={(event) => void save({ defaultPrepMinutes: Number(event.target.value) }, fill(words.prepSaved, { minutes: event.target.value }))}
          >
            {[...new Set([...PREP_CHOICES, kitchen.defaultPrepMinutes])]
              .filter((minutes) => minutes >= PREP_MINUTES.min && minutes <= PREP_MINUTES.max)
              .sort((a, b) => a - b)
              .map((minutes) => (
                <option key={minutes} value={minutes}>
                  {fill(words.minutes, { minutes })}
                </option>
              ))}
          </select>
        </label>
      </div>
    </TitledSection>
  );
}
