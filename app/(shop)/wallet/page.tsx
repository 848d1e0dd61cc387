import type { Metadata } from "next";
import { Suspense } from "react";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { STATEMENT_PAGE_SIZE } from "@/components/wallet/format";
import { WalletScreen } from "@/components/wallet/wallet-screen";
import { requirePageUser } from "@/lib/server/web/session";
import { userToJson } from "@/lib/server/accounts/users";
import { config } from "@/lib/server/platform/config";
import { topUpCurrencies, topUpLimits } from "@/lib/server/payments/top-up-limits";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { walletCurrencies, walletParts, walletStatement } from "@/lib/server/wallet/wallet";
import { CurrencySwitch } from "@/components/wallet/currency-switch";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { LazyRedeemGiftCard } from "@/components/gift-cards/redeem-gift-card-lazy";
import { TitledSection } from "@/components/ui/titled-section";
import Link from "@/components/ui/link";
import giftStyles from "@/components/gift-cards/gift-cards.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("wallet.meta") };
}

export default async function WalletPage({ searchParams }: { searchParams: Promise<{ payment_intent?: string | string[]; currency?: string | string[] }> }) {
  const user = await requirePageUser();
  const query = await searchParams;
  const { demoLogin } = config();
  // The statement, balance and Add Funds are one currency's (?currency=, of those the wallet holds
  // or, for a customer, a market's: a wallet to fund; the default market's otherwise).
  const held = await walletCurrencies(user, user.id);
  const markets = user.guestAccount ? [] : await topUpCurrencies();
  const currency = [...held.map((option) => option.currency), ...markets].find((code) => code === query.currency) ?? DEFAULT_CURRENCY;
  if (!held.some((option) => option.currency === currency)) held.push({ currency, cents: 0 });
  const usd = currency === DEFAULT_CURRENCY;
  // Where demo data is off, "Add Funds" is a card payment within the operator's limits of the currency (none set: none).
  const cardTopUp = demoLogin ? null : await topUpLimits(currency);
  const { promotionalCents, totalCents } = await walletParts(user, user.id, usd ? undefined : currency);
  const [words, locale, t] = await Promise.all([getWords("profile"), requestLocale(), getT("profile")]);
  // Another currency: its own words for the amount and the balance card's hint.
  const w = usd
    ? words.wallet
    : {
        ...words.wallet,
        balance: { ...words.wallet.balance, byCard: t(cardTopUp ? "topUpCurrency.byCard" : "topUpCurrency.unavailable", { currency }) },
        card: { ...words.wallet.card, amount: t("topUpCurrency.amount", { currency }) },
      };
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
        // A new row read by the server (a gift card redeemed below, then a refresh): the screen starts from it.
        key={`${currency}:${first.items[0]?.id ?? 0}`}
        initialUser={userToJson(user)}
        first={first}
        currency={usd ? undefined : currency}
        otherCents={usd ? undefined : totalCents}
        switcher={held.length > 1 && <CurrencySwitch held={held} currency={currency} words={words.walletCurrency} locale={locale} />}
        promotionalCents={promotionalCents}
        cardTopUp={cardTopUp}
        cardWords={(await getWords("orderflow")).cards}
        resumeTopUp={typeof query.payment_intent === "string"}
        words={w}
        locale={locale}
      />
      {/* A gift card's code, redeemed here by a press (a POST); the cards one sends are on /gift-cards. */}
      {!user.guestAccount && (
        <TitledSection id="redeem-gift-card" title={words.giftCards.redeemTitle} className={giftStyles.walletRedeem} titleClassName={giftStyles.panelTitle}>
          <Suspense fallback={null}>
            <LazyRedeemGiftCard words={words.giftCards} />
          </Suspense>
          <p>
            <Link href="/gift-cards">{words.giftCards.buyLink}</Link>
          </p>
          <p>
            <Link href="/membership">{words.membership.link}</Link>
          </p>
        </TitledSection>
      )}
    </div>
  );
}
