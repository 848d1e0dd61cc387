"use client";
import { useFulfillment } from "@/components/providers/fulfillment-provider";
import styles from "./delivery-toggle.module.css";

/** Delivery / Pickup: the mode every page's fees, times and checkout follow, remembered per browser; `words` in the page's language. */
export function DeliveryToggle({ words }: { words: { orderType: string; delivery: string; pickup: string } }) {
  const { mode, setMode } = useFulfillment();
  return (
    <div className={styles.toggle} role="group" aria-label={words.orderType}>
      <button type="button" className={styles.option} aria-pressed={mode === "delivery"} onClick={() => setMode("delivery")}>
        {words.delivery}
      </button>
      <button type="button" className={styles.option} aria-pressed={mode === "pickup"} onClick={() => setMode("pickup")}>
        {words.pickup}
      </button>
    </div>
  );
}
