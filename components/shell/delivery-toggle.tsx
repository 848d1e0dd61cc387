"use client";
import { useFulfillment } from "@/components/providers/fulfillment-provider";
import styles from "./delivery-toggle.module.css";

/** Delivery / Pickup: the mode every page's fees, times and checkout follow, remembered per browser. */
export function DeliveryToggle() {
  const { mode, setMode } = useFulfillment();
  return (
    <div className={styles.toggle} role="group" aria-label="Order type">
      <button type="button" className={styles.option} aria-pressed={mode === "delivery"} onClick={() => setMode("delivery")}>
        Delivery
      </button>
      <button type="button" className={styles.option} aria-pressed={mode === "pickup"} onClick={() => setMode("pickup")}>
        Pickup
      </button>
    </div>
  );
}
