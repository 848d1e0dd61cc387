import Link from "@/components/ui/link";
import styles from "@/components/browse/sort-links.module.css";
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
  return (
    <nav aria-labelledby="wallet-currency-label" className={styles.nav}>
      <span id="wallet-currency-label" className={styles.label}>
        {words.label}
      </span>
      <ul className={styles.options}>
        {held.map((option) => (
          <li key={option.currency}>
            <Link
              href={`/wallet?currency=${option.currency}`}
              className={styles.option}
              aria-current={option.currency === currency ? "page" : undefined}
              scroll={false}
              replace
            >
              {fill(words.option, { currency: option.currency, amount: formatCents(option.cents, { locale, currency: option.currency }) })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
