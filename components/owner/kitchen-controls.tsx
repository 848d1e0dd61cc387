"use client";
import { useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { BUSY_CHOICES, PAUSE_CHOICES, PAUSE_LABELS, pausedLabel, pausedUntilAt, type BusyChoice, type PauseChoice } from "@/lib/shared/kitchen-text";
import { PREP_MINUTES } from "@/lib/shared/order-stages";
import type { RestaurantJson } from "@/lib/contract/restaurant-schemas";
import styles from "./kitchen-controls.module.css";

export type KitchenState = Pick<RestaurantJson, "id" | "timeZone" | "pausedUntil" | "busyExtraMinutes" | "autoAccept" | "defaultPrepMinutes">;
type KitchenBody = { pause?: PauseChoice | "off"; busyExtraMinutes?: BusyChoice; autoAccept?: boolean; defaultPrepMinutes?: number };

const PREP_CHOICES = [10, 15, 20, 30, 45, 60] as const;

/**
 * The kitchen's controls above the order board (docs/architecture/kitchen.md): pause new orders
 * (15, 30, 60 minutes or the rest of today; back by itself), busy minutes added to every prep
 * time, and accepting new orders automatically with a default prep time. PUT /api/manage/{id}/kitchen.
 */
export function KitchenControls({ initial }: { initial: KitchenState }) {
  const { show } = useAlerts();
  const [kitchen, setKitchen] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 15_000);
    return () => clearInterval(timer);
  }, []);
  // The controls load after the board (kitchen-controls-lazy.tsx): until this code has mounted them,
  // the server's HTML shows them disabled, so no tap lands on markup that does nothing yet.
  const busy = saving || now === null;
  // Until mounted, the server's answer; then the clock ends the pause by itself.
  const paused = kitchen.pausedUntil && (now === null || pausedUntilAt(kitchen.pausedUntil, new Date(now))) ? kitchen.pausedUntil : null;

  const save = async (body: KitchenBody, done: string) => {
    setSaving(true);
    try {
      const { restaurant } = await api<{ restaurant: KitchenState }>(`/api/manage/${kitchen.id}/kitchen`, { method: "PUT", body });
      setKitchen(restaurant);
      show(done, "success");
    } catch (failure) {
      show(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE, "error");
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.kitchen} aria-labelledby="kitchen-title">
      <h2 id="kitchen-title" className={styles.title}>
        Kitchen
      </h2>
      <div className={styles.group} role="group" aria-label="Pause new orders">
        {paused ? (
          <>
            <p className={styles.paused} role="status">
              {pausedLabel(paused, kitchen.timeZone)}
            </p>
            <button type="button" className={buttonClass({ size: "small" })} disabled={busy} onClick={() => void save({ pause: "off" }, "Taking orders again")}>
              Take orders again
            </button>
          </>
        ) : (
          <>
            <span className={styles.label}>Pause new orders</span>
            <div className={styles.chips}>
              {PAUSE_CHOICES.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  className={buttonClass({ variant: "secondary", size: "small" })}
                  disabled={busy}
                  onClick={() => void save({ pause: choice }, `New orders paused: ${PAUSE_LABELS[choice].toLowerCase()}`)}
                >
                  {PAUSE_LABELS[choice]}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.label}>Busy: add to every prep time</legend>
        <div className={styles.chips}>
          {BUSY_CHOICES.map((minutes) => (
            <label key={minutes} className={`${styles.chip} ${kitchen.busyExtraMinutes === minutes ? styles.chosen : ""}`}>
              <input
                type="radio"
                name="busy"
                checked={kitchen.busyExtraMinutes === minutes}
                disabled={busy}
                onChange={() => void save({ busyExtraMinutes: minutes }, minutes ? `${minutes} minutes added to every prep time today` : "Prep times back to normal")}
              />
              {minutes ? `+${minutes} min` : "Not busy"}
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
            onChange={(event) =>
              void save({ autoAccept: event.target.checked }, event.target.checked ? "New orders are accepted automatically" : "New orders wait for you to accept them")
            }
          />
          Accept new orders automatically
        </label>
        <label className={styles.prep}>
          Prep time
          <select
            value={kitchen.defaultPrepMinutes}
            disabled={busy}
            onChange={(event) => void save({ defaultPrepMinutes: Number(event.target.value) }, `Default prep time: ${event.target.value} min`)}
          >
            {[...new Set([...PREP_CHOICES, kitchen.defaultPrepMinutes])]
              .filter((minutes) => minutes >= PREP_MINUTES.min && minutes <= PREP_MINUTES.max)
              .sort((a, b) => a - b)
              .map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} min
                </option>
              ))}
          </select>
        </label>
      </div>
    </section>
  );
}
