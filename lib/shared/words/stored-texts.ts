import type server from "@/lib/i18n/areas/server.en.json";
import { fill } from "./fill";

// Why an order ended (an order's rejection or cancellation, a failed delivery), stored as the
// catalogue's key (server.storedTexts.choices) and its values (Order.rejectionKey and
// rejectionValues), never as English: written in the reader's words wherever it is read, the
// API's and an English mail's words included; a failed delivery's reason and a delivery's flags
// likewise (DeliveryJob.failureKey, DeliveryJob.flags). Pure, for the client screens too.

/** A key of the catalogue's server.storedTexts.choices. */
export type ReasonKey = keyof (typeof server)["storedTexts"]["choices"];
/** The choices' words in one language (the catalogue's server.storedTexts.choices). */
export type ReasonWords = Record<ReasonKey, string>;
/** `note`: the owner's words after the reason, as typed; `reason`: a failed delivery's reason (a key of the same list). */
export type ReasonValues = { note?: string; reason?: ReasonKey };
/** A stored reason: its key and values. */
export type StoredReason = { key: ReasonKey; values?: ReasonValues };

/** "Out of stock: no salmon today", "The courier could not deliver this order: Couldn't reach you", in `words`' language. */
export function reasonText({ key, values }: StoredReason, words: ReasonWords): string {
  return [words[key], values?.reason && words[values.reason], values?.note].filter(Boolean).join(": ");
}

/** An order's stored reason from its columns (rejectionKey, rejectionValues); null without one. */
export function reasonOf(row: { rejectionKey: string | null; rejectionValues: string | null }): StoredReason | null {
  if (!row.rejectionKey) return null;
  return { key: row.rejectionKey as ReasonKey, ...(row.rejectionValues ? { values: JSON.parse(row.rejectionValues) as ReasonValues } : {}) };
}

/** The columns a reason is stored in (reasonOf reads them back). */
export const reasonColumns = (reason: StoredReason) => ({ rejectionKey: reason.key, rejectionValues: reason.values ? JSON.stringify(reason.values) : null });

/** An order's reason (its JSON's `rejection`, else its `rejectionReason`: English, or a text from before the keys) in `words`' language where given. */
export const orderReasonText = (order: { rejection?: StoredReason | null; rejectionReason: string | null }, words?: ReasonWords): string | null =>
  order.rejection && words ? reasonText(order.rejection, words) : order.rejectionReason;

/** A failed delivery's reason (DeliveryJob.failureKey, the delivery JSON's `failure`, the delivery_failed event's): a key of the same list. */
export type FailureKey = Extract<ReasonKey, "unreachable" | "addressNotFound" | "unsafe" | "other">;

/** The failed deliveries' reasons' words in one language. */
export type FailureWords = Pick<ReasonWords, FailureKey>;

/** A failed delivery's reason in `words`' language where given (its JSON's `failure`), else its `failureReason` (English, or a text from before the keys). */
export const failureText = (delivery: { failure?: StoredReason | null; failureReason: string | null }, words?: Partial<ReasonWords>): string | null =>
  (delivery.failure && words?.[delivery.failure.key]) || delivery.failureReason;

/** A step at a stop (the courier's arrived, picked up and delivered). */
export type StopStep = "arrived" | "picked_up" | "delivered";
/** A step taken away from its stop, as its job keeps it (DeliveryJob.flags): a key of the catalogue's server.storedTexts.flags and its values (metres). */
export type StoredFlag = { key: "noPosition"; values: { step: StopStep } } | { key: "away"; values: { step: StopStep; distance: number; accuracy: number } };
/** The flags' words in one language (server.storedTexts.flags) and its metres ("{n} m"). */
export type FlagWords = (typeof server)["storedTexts"]["flags"] & { m: string };

/** A job's flags from their column (DeliveryJob.flags); null without one. */
export const flagsOf = (text: string | null): StoredFlag[] | null => (text ? (JSON.parse(text) as StoredFlag[]) : null);

/** "delivered 340 m from the drop-off (position accuracy 15 m)", each flag in `words`' language, joined by "; ". */
export function flagText(flags: readonly StoredFlag[], words: FlagWords): string {
  const metres = (n: number) => fill(words.m, { n });
  return flags
    .map((flag) => {
      const step = words.steps[flag.values.step];
      if (flag.key === "noPosition") return fill(words.noPosition, { step });
      const stop = flag.values.step === "delivered" ? words.stops.dropoff : words.stops.restaurant;
      return fill(words.away, { step, distance: metres(flag.values.distance), stop, accuracy: metres(flag.values.accuracy) });
    })
    .join("; ");
}
