import "server-only";
import type { CardMoney, DishCardWords } from "@/components/browse/menu-item-card";
import type { CardWords } from "@/components/browse/restaurant-card";
import type { Locale } from "@/lib/i18n/locale";
import { requestLocale, wordsFor } from "@/lib/i18n/translate";
import { otherCurrencies } from "@/lib/server/markets/markets";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";

// The grids' cards' words in the reader's language, for the cards a client component draws
// (those the browser loads later too): the restaurant page's words, not a second set. A restaurant
// card's English are its own words; a dish card's words are sent in every language, English's
// from the English catalogue.

/** A restaurant card's words: the catalogue's browse.card, with a paused one's line (lines.kitchen.paused) and the language of its time. */
export function restaurantCardWords(locale: Locale): CardWords {
  const { card } = wordsFor(locale, "browse");
  return locale === "en" ? card : { ...card, pause: { paused: wordsFor(locale, "lines").kitchen.paused, locale } };
}

/** A dish card's words (MenuItemCard): the catalogue's dish and allergens. */
export function dishCardWords(locale: Locale): DishCardWords {
  const { add, addNamed, added, notTaking, soldOut } = wordsFor(locale, "dish");
  const { diet, contains, mayContain, short, diets } = wordsFor(locale, "allergens");
  return { add, addNamed, added, notTaking, soldOut, labels: { diet, contains, mayContain, short, diets } };
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
