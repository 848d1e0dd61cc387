import type { Metadata } from "next";
import { BulkGiftCards } from "@/components/gift-cards/bulk-gift-cards";
import { BuyGiftCard } from "@/components/gift-cards/buy-gift-card";
import { SentGiftCards } from "@/components/gift-cards/sent-gift-cards";
import layout from "@/components/ui/layout.module.css";
import styles from "@/components/gift-cards/gift-cards.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { cardsSentBy, giftCardMarkets } from "@/lib/server/gift-cards/read";
import { requirePageUser } from "@/lib/server/web/session";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("giftCards.meta") };
}

// Gift cards (docs/architecture/ledger.md "Gift cards"): send one, or a company's many from a CSV,
// paid by card; the cards sent with their status. A guest is asked to sign up first.
export default async function GiftCardsPage() {
  const user = await requirePageUser();
  const [words, cardWords, locale] = await Promise.all([getWords("profile"), getWords("orderflow"), requestLocale()]);
  const w = words.giftCards;
  if (user.guestAccount)
    return (
      <div className="container">
        <PageHeader title={w.title} subtitle={w.guestNote} />
      </div>
    );
  const [markets, cards] = await Promise.all([giftCardMarkets(), cardsSentBy(user, { limit: 50, offset: 0 })]);
  const currencies = markets.map((market) => market.currency);
  const zones = Object.fromEntries(markets.map((market) => [market.currency, market.timeZone]));
  return (
    <div className="container">
      <PageHeader title={w.title} subtitle={w.subtitle} />
      <div className={`${layout.split} ${styles.layout}`}>
        <BuyGiftCard currencies={currencies} words={w} cardWords={cardWords.cards} locale={locale} />
        <div className={styles.form}>
          <SentGiftCards cards={cards} zones={zones} words={w} locale={locale} />
          <BulkGiftCards currency={currencies[0] ?? "USD"} words={w} cardWords={cardWords.cards} locale={locale} />
        </div>
      </div>
    </div>
  );
}
