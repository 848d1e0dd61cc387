import { SegmentedLinks } from "@/components/ui/segmented-links";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatCents } from "@/lib/shared/money/money";

/**
 * The wallet's currencies as links (?currency=), each with its balance: the statement below is the
 * chosen one's, rows and balances after in it. Rendered on the server, only for a wallet holding
 * more than one currency (`words`: profile.walletCurrency).
 */
export function CurrencySwitch({
  held,
  currency,
  words,
  locale,
}: {
  held: { currency: string; cents: number }[];
  currency: string;
  words: Words<"profile">["walletCurrency"];
  locale: Locale;
}) {
  const links = held.map((option) => ({
    key: option.currency,
    href: `/wallet?currency=${option.currency}`,
    label: fill(words.option, { currency: option.currency, amount: formatCents(option.cents, { locale, currency: option.currency }) }),
    current: option.currency === currency,
  }));
  return <SegmentedLinks id="wallet-currency-label" label={words.label} links={links} replace />;
}
