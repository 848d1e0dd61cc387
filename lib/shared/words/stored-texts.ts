import type server from "@/lib/i18n/areas/server.en.json";

// Why an order ended (an order's rejection or cancellation, a failed delivery), stored as the
// catalogue's key (server.storedTexts.choices) and its values (Order.rejectionKey and
// rejectionValues), never as English: written in the reader's words wherever it is read, the
// API's and an English mail's words included. Pure, for the client screens too.

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
