import "server-only";
import type { CardMoney, DishCardWords } from "@/components/browse/menu-item-card";
import type { CardWords } from "@/components/browse/restaurant-card";
import type { OpenFacts } from "@/components/browse/closed-at-add";
import type { Locale } from "@/lib/i18n/locale";
import { requestLocale, wordsFor } from "@/lib/i18n/translate";
import { otherCurrencies } from "@/lib/server/markets/markets";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { formatTime } from "@/lib/shared/time/format-date";
import { fill } from "@/lib/shared/words/fill";

// The grids' cards' words in the reader's language, for the cards a client component draws
// (those the browser loads later too): the restaurant page's words, not a second set, sent in
// every language, English's from the English catalogue.

/** A restaurant card's words: the catalogue's browse.card, with a paused one's line (lines.kitchen.paused) and the language of its time (English's without: the status line's default). */
export function restaurantCardWords(locale: Locale): CardWords {
  const { card } = wordsFor(locale, "browse");
  return { ...card, pause: { paused: wordsFor(locale, "lines").kitchen.paused, ...(locale === "en" ? {} : { locale }) } };
}

/** A dish card's words (MenuItemCard): the catalogue's dish and allergens. */
export function dishCardWords(locale: Locale): DishCardWords {
  const { add, addNamed, added, notTaking, soldOut } = wordsFor(locale, "dish");
  const { diet, contains, mayContain, short, diets } = wordsFor(locale, "allergens");
  return { add, addNamed, added, notTaking, soldOut, labels: { diet, contains, mayContain, short, diets } };
}

/**
 * What an Add on the restaurant's page or a dish's says while it is closed or paused (closed-at-add.ts):
 * its open-now as the JSON says it, and the warnings in the reader's words (dish.atAdd), the pause's
 * end in the restaurant's zone.
 */
export function addFacts(
  { openNow, nextChange, pausedUntil, timeZone }: { openNow: boolean; nextChange: string | null; pausedUntil: string | null; timeZone: string },
  locale: Locale,
): OpenFacts {
  const { closed, paused } = wordsFor(locale, "dish").atAdd;
  return { openNow, nextChange, pausedUntil, words: { closed, ...(pausedUntil ? { paused: fill(paused, { time: formatTime(pausedUntil, timeZone, locale) }) } : {}) } };
}

/** A dish grid's money and words (MenuItemCard's `money`) for this request. */
export async function cardMoney(): Promise<CardMoney> {
  const [locale, currencies] = await Promise.all([requestLocale(), otherCurrencies()]);
  return { locale, currencies, words: dishCardWords(locale) };
}

/** An owner's card's delivery fee (restaurants/manage: its Shown) in the reader's language and the restaurant's currency; English's USD none (the card's own "$2.50", "$0"). */
export function ownerFeeShown(fee: number, locale: Locale, currency = DEFAULT_CURRENCY): { fee?: string } {
  return locale === "en" && currency === DEFAULT_CURRENCY ? {} : { fee: formatCents(centsOfAmount(fee, currency), { locale, currency }) };
}
