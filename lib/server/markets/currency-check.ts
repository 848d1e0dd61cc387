import "server-only";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { badRequest } from "../platform/errors";
import { said } from "@/lib/shared/words/said";

// No order mixes currencies (docs/architecture/languages.md "Markets and currencies"): an order is
// made of one restaurant's dishes, so it is in that restaurant's market's currency; a checkout that
// says which currency the customer saw (`currency`) is refused when it is another.

/** The 400 naming `field` when `seen` (the request's, if any) is not the restaurant's `currency`. */
export function assertCurrency(seen: string | undefined, currency: string | undefined, field: string): void {
  const own = currency ?? DEFAULT_CURRENCY;
  if (seen === undefined || seen === own) return;
  const message = said("messages.currencyMismatch", { own, seen });
  throw badRequest(message, { [field]: message });
}
