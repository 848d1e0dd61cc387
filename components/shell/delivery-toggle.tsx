"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import styles from "./delivery-toggle.module.css";

export const FEATURE_COMING_SOON = "Feature coming soon";

/** Delivery / Pickup. Only delivery exists; Pickup says so. */
export function DeliveryToggle() {
  const { show } = useAlerts();
  return (
    <div className={styles.toggle} role="group" aria-label="Order type">
      <button type="button" className={styles.option} aria-pressed="true">
        Delivery
      </button>
      <button type="button" className={styles.option} aria-pressed="false" onClick={() => show(FEATURE_COMING_SOON)}>
        Pickup
      </button>
    </div>
  );
}
