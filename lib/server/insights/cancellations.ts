import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import type { CancelFigures } from "./figures";
import { canceledRows } from "./queries";
import { ENGLISH as CATALOGUE } from "@/lib/i18n/catalogues";
import { reasonOf, reasonText } from "@/lib/shared/words/stored-texts";

// What did not sell: the range's canceled orders by reason, and what went back to wallets.

const STAGE_MEANINGS = ["canceled", "expired", "rejected"] as const;
const ENGLISH = translatorFor("en", "server.labels.cancellations");

/** Why orders ended canceled: the order's stored reason, else the stage's meaning (English: the API's and the CSV's). */
export function cancelReason(stage: string | null, row: { rejectionKey: string | null; rejectionValues: string | null; rejectionReason: string | null }): string {
  const stored = reasonOf(row);
  if (stored) return reasonText(stored, CATALOGUE.server.storedTexts.choices);
  if (row.rejectionReason) return row.rejectionReason;
  return ENGLISH((STAGE_MEANINGS as readonly (string | null)[]).includes(stage) ? (stage as (typeof STAGE_MEANINGS)[number]) : "other");
}

/** A reason as the insights page shows it in `locale`: a stage's meaning in its words (server.labels.cancellations), the restaurant's own as written. */
export function cancelReasonIn(reason: string, locale: Locale): string {
  const meaning = ([...STAGE_MEANINGS, "other"] as const).find((key) => ENGLISH(key) === reason);
  return meaning ? translatorFor(locale, "server.labels.cancellations")(meaning) : reason;
}

/** The canceled orders by reason, most first. */
export async function cancelFigures(inRange: Prisma.Sql): Promise<CancelFigures[]> {
  const rows = await canceledRows(inRange);
  const merged = new Map<string, CancelFigures>();
  for (const row of rows) {
    const reason = cancelReason(row.stage, row);
    const into = merged.get(reason) ?? { reason, orders: 0, amountCents: 0, refundedToWalletCents: 0 };
    into.orders += row.orders;
    into.amountCents += row.amount;
    into.refundedToWalletCents += row.refunded;
    merged.set(reason, into);
  }
  return [...merged.values()].sort((a, b) => b.orders - a.orders || a.reason.localeCompare(b.reason));
}
