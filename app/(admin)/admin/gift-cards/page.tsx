import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { VoidGiftCard } from "@/components/operators/void-gift-card";
import { Badge } from "@/components/ui/badge";
import { everyGiftCard, type GiftCardJson } from "@/lib/server/gift-cards/read";
import { requireOperatorPage } from "@/lib/server/web/page";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { formatCents } from "@/lib/shared/money/money";
import { majorToMinor } from "@/lib/shared/money/currency";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("giftCards.title") };
}

type GiftWords = Words<"admin">["giftCards"];
type StatusWords = Words<"profile">["giftCards"]["status"];

const columns = (w: GiftWords, status: StatusWords, locale: Locale): OperatorColumn<GiftCardJson>[] => [
  { header: w.title, rowHeader: true, cell: (card) => `#${card.id} · ${fill(w.to, { email: card.recipientEmail })}` },
  { header: w.buyer, cell: (card) => card.buyerEmail ?? "—" },
  { header: w.amount, cell: (card) => formatCents(majorToMinor(card.amount, card.currency) ?? 0, { locale, currency: card.currency }) },
  {
    header: w.status,
    cell: (card) => (
      <>
        <Badge tone={card.status === "voided" ? "error" : card.status === "redeemed" ? "success" : "neutral"}>{status[card.status]}</Badge>{" "}
        {card.disputed && <Badge tone="error">{w.disputed}</Badge>}
        {card.voidReason && <div>{fill(w.voidedWhy, { reason: card.voidReason })}</div>}
      </>
    ),
  },
  { header: w.bought, cell: (card) => <LocalTime at={card.createdAt} /> },
  {
    header: w.action,
    wide: true,
    cell: (card) => (card.disputed && (card.status === "sent" || card.status === "scheduled") ? <VoidGiftCard id={card.id} words={w} /> : "—"),
  },
];

/** Every gift card sold (docs/architecture/ledger.md "Gift cards"), newest first; an unredeemed card whose charge is disputed may be voided, with a reason. */
export default async function OperatorGiftCardsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(pagingSchema, await searchParams);
  const [cards, admin, profile, locale] = await Promise.all([
    everyGiftCard(operator, { limit: query.limit + 1, offset: query.offset }),
    getWords("admin"),
    getWords("profile"),
    requestLocale(),
  ]);
  const w = admin.giftCards;
  return (
    <>
      <h1>{w.title}</h1>
      <p className={styles.intro}>{w.subtitle}</p>
      <OperatorTable columns={columns(w, profile.giftCards.status, locale)} rows={cards.slice(0, query.limit)} rowKey={(card) => card.id} empty={w.empty} />
      <Pager
        path="/admin/gift-cards"
        params={{}}
        offset={query.offset}
        limit={query.limit}
        nextOffset={cards.length > query.limit ? query.offset + query.limit : null}
        words={admin.shell}
      />
    </>
  );
}
