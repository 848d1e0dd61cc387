import { IconGlyph } from "@/components/ui/icons";
import type { OrderCourier, OrderDelivery } from "@/lib/shared/delivery";
import { courierStatusLine } from "@/lib/shared/delivery-text";
import styles from "./board.module.css";

/**
 * A delivery order's courier on the board: "Finding a courier", "Dev is heading to the restaurant ·
 * 1.2 km away", "Dev arrived 12:03 PM", "Picked up by Dev"; when nobody accepted it in time, the owner is told to
 * deliver it with their own staff (the card's buttons stay usable).
 */
export function BoardCourier({ courier, delivery, searching }: { courier: OrderCourier | undefined; delivery: OrderDelivery; searching: boolean }) {
  const line = courierStatusLine(courier, delivery);
  return (
    <>
      {line && (
        <p className={styles.courierLine}>
          <IconGlyph name="scooter" size={16} /> {line}
        </p>
      )}
      {searching && delivery?.gaveUp && <p className={styles.gaveUp}>No courier accepted this order. Deliver it with your own staff.</p>}
    </>
  );
}

// The board card's other late part (board-card.tsx): one chunk for both.
export { PrepChange } from "./prep-change";
