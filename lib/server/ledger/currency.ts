import "server-only";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";

// Ledger accounts per currency (docs/architecture/ledger.md "Currencies"): an entry is in one
// currency (its order's, its payout's: LedgerEntry.currency) and balances in it. Callers name
// accounts as they always have ("clearing", "wallet:5", "courier:7"); post() places each line in
// the entry's currency: in USD, the default, every name is as it was; in another, a shared account
// (clearing, platform, external, tax, card-refunds, promotions, gift-cards) and a person's (a wallet's parts,
// a courier's earnings) get the code ("clearing:MXN", "wallet:5:MXN"), while a restaurant's stays
// "restaurant:{id}": a restaurant belongs to one market, so its account is in that market's currency.

const CODE = /:([A-Z]{3})$/;

/** The account `id` in `currency`: as named for USD or a restaurant's; else with the code (once). */
export function inCurrency(id: string, currency: string = DEFAULT_CURRENCY): string {
  if (currency === DEFAULT_CURRENCY || CODE.test(id) || id.startsWith("restaurant:")) return id;
  return `${id}:${currency}`;
}

/** The account's name without its currency ("wallet:5:MXN" -> "wallet:5"): what the planners compare. */
export const logicalAccount = (id: string): string => id.replace(CODE, "");

/** SQL true for the shared account `name` in any currency ("clearing", "clearing:MXN"), on column `column`. */
export const sharedAccountSql = (name: string, column = `l."account"`): string => `(${column} = '${name}' OR ${column} LIKE '${name}:%')`;
