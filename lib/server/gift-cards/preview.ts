import "server-only";
import { CsvError, parse } from "csv-parse/sync";
import { buyGiftCardsSchema } from "@/lib/contract/gift-cards/rules";
import { minorToMajor } from "@/lib/shared/money/currency";
import { GIFT_CARD_BATCH_MAX } from "@/lib/shared/money/gift-cards";
import type { Locale } from "@/lib/i18n/locale";
import { ApiError, errorTextIn, fieldError, forbidden, zodFieldErrors } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { said } from "@/lib/shared/words/said";

// A company's gift cards from a CSV (docs/architecture/ledger.md "Gift cards"): a header line with
// email, amount and message (any order, any case), then a row per recipient. Each row is checked by
// the purchase's own rules and answered with its errors by column, in the reader's language, so the
// screen shows them beside their row before anything is charged; the valid rows' total is the one
// card payment the purchase will make.

type PreviewRow = { line: number; email: string; amount: string; message: string; amountValue: number | null; errors: Record<string, string> };
export type PreviewJson = { rows: PreviewRow[]; total: number; currency: string; valid: number };

const COLUMNS = ["email", "amount", "message"] as const;

function records(csv: string): Record<string, string>[] {
  try {
    const rows: Record<string, string>[] = parse(csv, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      bom: true,
      trim: true,
    });
    if (!rows.length || !("email" in rows[0]!) || !("amount" in rows[0]!)) throw fieldError("csv", said("rules.giftCards.csvColumns", { list: COLUMNS.join(",") }));
    if (rows.length > GIFT_CARD_BATCH_MAX) throw fieldError("csv", said("rules.giftCards.recipients", { max: GIFT_CARD_BATCH_MAX }));
    return rows;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw fieldError("csv", said("rules.giftCards.csvUnreadable", { reason: error instanceof CsvError || error instanceof Error ? error.message : String(error) }));
  }
}

/** POST /api/gift-cards/preview: each row with its errors, and the valid rows' total in `currency`. */
export function previewGiftCards(user: Pick<SessionUser, "guestAccount">, csv: string, currency = "USD", locale: Locale = "en"): PreviewJson {
  if (user.guestAccount) throw forbidden(said("rules.giftCards.guest"));
  let total = 0;
  let valid = 0;
  const rows = records(csv).map((record, index) => {
    const email = record.email ?? "";
    const amount = record.amount ?? "";
    const message = record.message ?? "";
    const parsed = buyGiftCardsSchema.safeParse({ currency, recipients: [{ email, amount, message }] });
    const errors: Record<string, string> = {};
    if (!parsed.success)
      for (const [field, text] of Object.entries(zodFieldErrors(parsed.error))) errors[field.replace(/^recipients\.0\./, "")] = errorTextIn(locale, text);
    const cents = parsed.success ? parsed.data.recipients[0]!.amountCents : null;
    if (cents !== null) {
      total += cents;
      valid++;
    }
    return { line: index + 2, email, amount, message, amountValue: cents === null ? null : minorToMajor(cents, currency), errors };
  });
  return { rows, total: minorToMajor(total, currency), currency, valid };
}
