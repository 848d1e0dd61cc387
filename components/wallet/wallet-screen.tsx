"use client";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { ShowMore } from "@/components/browse/show-more";
import { usePagedList, type Page } from "@/components/browse/use-paged-list";
import { useSession } from "@/components/providers/session-provider";
import { EmptyState } from "@/components/ui/empty-state";
import { api } from "@/lib/client/api";
import { centsOfAmount } from "@/lib/shared/money/money";
import type { UserJson } from "@/lib/server/accounts/users";
import { STATEMENT_PAGE_SIZE, type WalletTransaction } from "./format";
import type { CardWords, TopUpLimits } from "./card-top-up";
import { WalletBalance } from "./wallet-balance";
import { WalletStatement } from "./wallet-statement";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import styles from "./wallet.module.css";

// The card top-up (its form and the saved cards) is loaded only when "Add Funds" opens it.
const CardTopUp = lazy(() => import("./card-top-up").then((m) => ({ default: m.CardTopUp })));

async function fetchStatement(userId: number, offset: number, currency: string | undefined): Promise<Page<WalletTransaction>> {
  const other = currency ? `&currency=${currency}` : "";
  const { transactions } = await api<{ transactions: WalletTransaction[] }>(
    `/api/users/wallet/${userId}/transactions?limit=${STATEMENT_PAGE_SIZE + 1}&offset=${offset}${other}`,
  );
  return { items: transactions.slice(0, STATEMENT_PAGE_SIZE), nextOffset: transactions.length > STATEMENT_PAGE_SIZE ? offset + STATEMENT_PAGE_SIZE : null };
}

/**
 * /wallet: the live balance (the session user) with its promotional part, Add Funds (the spec's
 * free one where demo data is on; by card otherwise: `cardTopUp`'s limits), and the paged statement
 * of one `currency` (`switcher`: the wallet's currencies, when it holds more than one). Another
 * currency than USD: its balance (`otherCents`) and Add Funds only by card, in it.
 */
export function WalletScreen({
  initialUser,
  first,
  currency,
  otherCents: initialOther,
  switcher,
  promotionalCents: initialPromotional,
  cardTopUp,
  cardWords,
  resumeTopUp = false,
  words: w,
  locale,
}: {
  initialUser: UserJson;
  first: Page<WalletTransaction>;
  /** The statement's currency when not the default market's (the API's default). */
  currency?: string;
  /** That currency's balance (the session user's `wallet` is USD's). */
  otherCents?: number;
  switcher?: ReactNode;
  promotionalCents: number;
  cardTopUp: TopUpLimits | null;
  /** The saved cards' words (the catalogue's orderflow.cards). */
  cardWords: CardWords;
  resumeTopUp?: boolean;
  /** Its words and the amounts' and dates' language, from the server. */
  words: Words<"profile">["wallet"];
  locale: Locale;
}) {
  const { user, setUser } = useSession();
  const router = useRouter();
  const [promotionalCents, setPromotional] = useState(initialPromotional);
  const [otherCents, setOther] = useState(initialOther);
  const [addingByCard, setAddingByCard] = useState(resumeTopUp && cardTopUp !== null);
  const current = user?.id === initialUser.id ? user : initialUser;
  const fetchPage = useCallback((offset: number) => fetchStatement(initialUser.id, offset, currency), [initialUser.id, currency]);
  const { items, setItems, hasMore, loading, loadMore } = usePagedList(first, fetchPage, w.loadFailed);

  // A top-up adds a row at the top: fetch the newest page and put what is new in front.
  const showNewest = useCallback(async () => {
    const page = await fetchStatement(initialUser.id, 0, currency).catch(() => null);
    if (!page) return;
    setItems((list) => {
      const seen = new Set(list.map((t) => t.id));
      return [...page.items.filter((t) => !seen.has(t.id)), ...list];
    });
  }, [initialUser.id, currency, setItems]);

  return (
    <div className={styles.layout}>
      <div className={styles.side}>
        <WalletBalance
          user={current}
          promotionalCents={promotionalCents}
          onTopUp={(addedCents) => {
            setPromotional((cents) => cents + addedCents);
            void showNewest();
          }}
          onAddByCard={cardTopUp ? () => setAddingByCard(true) : null}
          words={w.balance}
          locale={locale}
          currency={currency}
          otherCents={otherCents}
        />
        {cardTopUp && addingByCard && (
          <Suspense fallback={null}>
            <CardTopUp
              userId={initialUser.id}
              limits={cardTopUp}
              words={w.card}
              locale={locale}
              cardWords={cardWords}
              currency={currency}
              onClose={() => setAddingByCard(false)}
              onAdded={(answer) => {
                // A top-up resumed in another currency than this page's (back from a bank's page): its own page.
                if (answer.currency !== currency) return router.replace(`/wallet${answer.currency ? `?currency=${answer.currency}` : ""}`);
                const code = currency ?? "USD";
                setPromotional(centsOfAmount(answer.promotional, code));
                if (currency) setOther(centsOfAmount(answer.wallet, code));
                else setUser({ ...current, wallet: answer.wallet });
                setAddingByCard(false);
                void showNewest();
              }}
            />
          </Suspense>
        )}
      </div>
      <section aria-labelledby="statement-heading" className={styles.statementSection}>
        <h2 id="statement-heading" className={styles.statementTitle}>
          {w.statement}
        </h2>
        {switcher}
        {items.length ? (
          <WalletStatement transactions={items} words={w} locale={locale} currency={currency} />
        ) : (
          <EmptyState icon="receipt" title={w.emptyTitle}>
            {current.guestAccount ? w.emptyGuest : w.empty}
          </EmptyState>
        )}
        {hasMore && <ShowMore label={w.showMore} loading={loading} onLoad={loadMore} noun={w.noun} />}
      </section>
    </div>
  );
}
