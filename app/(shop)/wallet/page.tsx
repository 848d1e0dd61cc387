import type { Metadata } from "next";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { STATEMENT_PAGE_SIZE } from "@/components/wallet/format";
import { WalletScreen } from "@/components/wallet/wallet-screen";
import { requirePageUser } from "@/lib/server/web/session";
import { userToJson } from "@/lib/server/accounts/users";
import { config } from "@/lib/server/platform/config";
import { topUpLimits } from "@/lib/server/payments/top-up-limits";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { walletCurrencies, walletParts, walletStatement } from "@/lib/server/wallet/wallet";
import { CurrencySwitch } from "@/components/wallet/currency-switch";
import { DEFAULT_CURRENCY } from "@/lib/shared/currency";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("wallet.meta") };
}

export default async function WalletPage({ searchParams }: { searchParams: Promise<{ payment_intent?: string | string[]; currency?: string | string[] }> }) {
  const user = await requirePageUser();
  const query = await searchParams;
  const { demoLogin } = config();
  // Where demo data is off, "Add Funds" is a card payment within the operator's limits.
  const cardTopUp = demoLogin ? null : await topUpLimits();
  const { promotionalCents } = await walletParts(user, user.id);
  const [words, locale] = await Promise.all([getWords("profile"), requestLocale()]);
  const w = words.wallet;
  // The statement is one currency's (?currency=, of those the wallet holds; the default market's otherwise).
  const held = await walletCurrencies(user, user.id);
  const currency = held.find((option) => option.currency === query.currency)?.currency ?? DEFAULT_CURRENCY;
  // One more than a page tells whether "Show more" is needed.
  const rows = await walletStatement(user, user.id, { limit: STATEMENT_PAGE_SIZE + 1, offset: 0, currency });
  const first = { items: rows.slice(0, STATEMENT_PAGE_SIZE), nextOffset: rows.length > STATEMENT_PAGE_SIZE ? STATEMENT_PAGE_SIZE : null };
  return (
    <div className="container">
      <PageHeader
        title={w.title}
        subtitle={w.subtitle}
        actions={
          // A plain link (no script): the server streams the file. Guests' top-ups stay in their browser, so they have none.
          !user.guestAccount && (
            <a className={buttonClass({ variant: "secondary" })} href={`/api/users/${user.id}/wallet/statement.csv`} download>
              {w.download}
            </a>
          )
        }
      />
      <WalletScreen
        key={currency}
        initialUser={userToJson(user)}
        first={first}
        currency={currency === DEFAULT_CURRENCY ? undefined : currency}
        switcher={held.length > 1 && <CurrencySwitch held={held} currency={currency} words={words.walletCurrency} locale={locale} />}
        promotionalCents={promotionalCents}
        cardTopUp={cardTopUp}
        cardWords={(await getWords("orderflow")).cards}
        resumeTopUp={typeof query.payment_intent === "string"}
        words={w}
        locale={locale}
      />
    </div>
  );
}
