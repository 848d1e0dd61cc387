import { IconGlyph } from "@/components/ui/icons";
import type { OrderCourier, OrderDelivery } from "@/lib/shared/delivery/delivery";
import { courierStatusLine, courierTimingNote, type BoardLines } from "@/lib/shared/delivery/delivery-text";
import { startCookingCue } from "@/lib/shared/kitchen/start-cooking";
import { waitPayLine, waitPayMinutes } from "@/lib/shared/money/wait-pay";
import type { BoardOrder } from "./board-types";
import type { Words } from "@/lib/i18n/words";

type CourierWords = Words<"kitchen">["board"]["courier"];
/** The lines' words (the catalogue's lines.board and lines.cue) and their language. */
type CourierLines = BoardLines & { cue: Words<"lines">["cue"] };
import styles from "./board.module.css";

/**
 * A delivery order's courier on the board: "Finding a courier", "Dev arrives in about 5 min, 1.2 km"
 * (amber beside it when the courier will stand waiting for the food, or the food for the courier), "Dev arrived 12:03 PM", "Picked up by Dev"; when nobody accepted it in time, the owner is told to
 * deliver it with their own staff (the card's buttons stay usable).
 */
export function BoardCourier({
  courier,
  delivery,
  searching,
  wait,
  now,
  readyAt,
  timeZone,
  words,
  lines,
}: {
  courier: OrderCourier | undefined;
  delivery: OrderDelivery;
  searching: boolean;
  wait?: BoardOrder["courierWait"];
  now: number;
  /** The kitchen's ready time (an accepted order, not yet ready): the card warns when it and the courier's arrival are far apart. */
  readyAt?: string | null;
  /** The restaurant's time zone: the times in the lines are its wall clock. */
  timeZone?: string;
  words: CourierWords;
  /** The status lines' words and language (the catalogue's lines.board). */
  lines: CourierLines;
}) {
  const line = courierStatusLine(courier, delivery, timeZone, lines, { readyAt: readyAt ?? null, now });
  const waitLine = wait ? courierWaitLine(wait, now, lines) : null;
  const timing = courierTimingNote(courier ?? undefined, delivery, readyAt ?? null, now, timeZone, lines);
  return (
    <>
      {line && (
        <p className={styles.courierLine}>
          <IconGlyph name="scooter" size={16} /> {line}
        </p>
      )}
      {timing && (
        <p className={styles.courierWait} data-testid="courier-timing">
          {timing}
        </p>
      )}
      {waitLine && (
        <p className={styles.courierWait} data-testid="courier-wait">
          {waitLine}
        </p>
      )}
      {searching && delivery?.gaveUp && <p className={styles.gaveUp}>{words.gaveUp}</p>}
    </>
  );
}

/** "Courier waiting 7 min, $1.75" counting on the board's clock while the courier waits past the promise; what was paid once picked up (lib/shared/money/wait-pay.ts). */
function courierWaitLine(wait: NonNullable<BoardOrder["courierWait"]>, now: number, lines?: CourierLines): string | null {
  if (wait.paidCents > 0) return waitPayLine(Math.round(wait.paidCents / Math.max(1, wait.centsPerMinute)), wait.paidCents, true, lines?.cue, lines?.locale);
  const minutes = waitPayMinutes(new Date(wait.from), new Date(wait.until ?? now), wait);
  return waitPayLine(minutes, minutes * wait.centsPerMinute, false, lines?.cue, lines?.locale);
}

/**
 * "Start cooking in ~6 min" / "Start cooking now" on an accepted delivery order of a restaurant that
 * starts cooking when the courier is N minutes away (lib/shared/kitchen/start-cooking.ts): from the courier's
 * arrival (at the restaurant: "Luis is waiting: start cooking now"), else the arrival dispatch aims at.
 */
export function StartCookingCue({ order, leadMinutes, now, lines }: { order: BoardOrder; leadMinutes: number; now: number; lines?: CourierLines }) {
  const cue = startCookingCue(leadMinutes, order.delivery, order.estimatedReadyAt ?? null, now, lines?.cue, order.courier?.firstName);
  if (!cue) return null;
  return (
    <p className={cue.inMinutes ? styles.startCooking : `${styles.startCooking} ${styles.startCookingNow}`} data-testid="start-cooking">
      <IconGlyph name="clock" size={16} /> {cue.text}
      {cue.why && <span className={styles.startCookingWhy}> {cue.why}</span>}
    </p>
  );
}

// The board card's other late part (board-card.tsx): one chunk for both.
export { PrepChange } from "./prep-change";
