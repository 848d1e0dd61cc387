import type { DialogWords, Words } from "@/lib/i18n/words";
import type { MapWords } from "@/components/map/delivery-map";
import { orderReasonText, type ReasonWords, type StoredReason } from "@/lib/shared/words/stored-texts";
import { stageLabel, type OrderStage } from "@/lib/shared/orders/order-stages";
import styles from "./order-detail.module.css";
import { TitledSection } from "@/components/ui/titled-section";

// Pieces of the live order's page (live-order.tsx), in the page's language (`words`, from the server).

/** The courier holds the job: the thread with them is open. */
export const HELD: string[] = ["assigned", "at_pickup", "picked_up"];

/** The status card's headline. */
export function headline(status: string, stage: OrderStage | null, scheduled: boolean, deliveryOption: string | null, words: Words<"order">): string {
  if (status === "Active" || !stage) return words.stillAtCheckout;
  if (stage === "placed" && scheduled) return words.scheduled;
  return stageLabel(stage, deliveryOption, "headline", words);
}

/**
 * The courier's photo of a left-at-the-door order, from the order as last read: it appears with
 * the delivered event's re-read, no reload; shown until the problem-report window closes.
 */
export function DropoffPhoto({ src, words }: { src: string; words: Pick<Words<"order">, "leftAtDoor" | "doorPhotoAlt" | "doorPhotoKept"> }) {
  return (
    <TitledSection id="dropoff-photo-title" title={words.leftAtDoor} className={styles.card} titleClassName={styles.receiptTitle}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a private photo read with the session, not an optimisable public image */}
      <img src={src} alt={words.doorPhotoAlt} className={styles.dropoffPhoto} />
      <p className={styles.each}>{words.doorPhotoKept}</p>
    </TitledSection>
  );
}

/** The order page's flow words: orderflow.orders, and lines' closed reasons, kitchen's added minutes, late reasons; a fixed-choice reason's words. */
export type LiveFlowWords = Words<"orderflow">["orders"] & {
  threadClosed: Words<"lines">["messages"];
  kitchenAdded?: string;
  lateWhy: Words<"lines">["late"];
  /** The delivery map's words (courier.map and courier.units). */
  map: MapWords;
  dialog: DialogWords;
  storedTexts?: ReasonWords;
};

/** Why an order ended (the restaurant's reason, or Nosh's), in the reader's words (lib/shared/words/stored-texts.ts). */
export function EndReason({ label, order, words }: { label: string; order: { rejection?: StoredReason | null; rejectionReason: string | null }; words?: ReasonWords }) {
  return (
    <p className={styles.reason}>
      <span className={styles.label}>{label}</span> {orderReasonText(order, words)}
    </p>
  );
}
