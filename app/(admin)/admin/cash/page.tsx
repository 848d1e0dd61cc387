import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { LocalTime } from "@/components/operators/local-time";
import { CardOnlyButton, DepositForm, MarketCashForm } from "@/components/operators/cash-forms";
import { Badge } from "@/components/ui/badge";
import { cashReport, type CashReportJson } from "@/lib/server/cash/admin";
import { requireOperatorPage } from "@/lib/server/web/page";
import { majorToMinor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("cash.title") };
}

type CashWords = Words<"admin">["cash"];
const amount = (major: number, currency: string, locale: Locale) => formatCents(majorToMinor(major, currency) ?? 0, { locale, currency });

const courierColumns = (w: CashWords, locale: Locale): OperatorColumn<CashReportJson["couriers"][number]>[] => [
  { header: w.courier, rowHeader: true, cell: (c) => `${c.firstName} #${c.courierId}${c.email ? ` · ${c.email}` : ""}` },
  { header: w.owed, cell: (c) => <strong data-testid={`cash-owed-${c.courierId}`}>{amount(c.owed, c.currency, locale)}</strong> },
  { header: w.deposit, wide: true, cell: (c) => <DepositForm courier={c} words={w} /> },
];

const refusalColumns = (w: CashWords): OperatorColumn<CashReportJson["refusals"][number]>[] => [
  { header: w.order, rowHeader: true, cell: (r) => `#${r.orderId}` },
  { header: w.customer, cell: (r) => `${r.firstName} #${r.customerId}${r.email ? ` · ${r.email}` : ""}` },
  { header: w.reported, cell: (r) => <LocalTime at={r.at} /> },
  {
    header: w.payments,
    cell: (r) => (
      <>
        {r.cardOnly && <Badge tone="error">{w.cardOnly}</Badge>} <CardOnlyButton userId={r.customerId} cardOnly={r.cardOnly} words={w} />
      </>
    ),
  },
];

/** Cash at the door (docs/architecture/ledger.md "Cash at the door"): each market's setting, the couriers' undeposited cash with a deposit to record, the refusals reported. */
export default async function OperatorCashPage() {
  const operator = await requireOperatorPage();
  const [report, admin, locale] = await Promise.all([cashReport(operator), getWords("admin"), requestLocale()]);
  const w = admin.cash;
  return (
    <>
      <h1>{w.title}</h1>
      <p className={styles.intro}>{w.subtitle}</p>
      {report.markets.map((market) => (
        <MarketCashForm key={market.id} market={market} words={w} />
      ))}
      <h2>{w.couriersTitle}</h2>
      <p className={styles.intro} data-testid="cash-total">
        {report.total.length ? report.total.map((t) => fill(w.total, { amount: amount(t.owed, t.currency, locale) })).join(" · ") : w.noneOwed}
      </p>
      <OperatorTable columns={courierColumns(w, locale)} rows={report.couriers} rowKey={(c) => `${c.courierId}:${c.currency}`} empty={w.noneOwed} />
      <h2>{w.refusalsTitle}</h2>
      <OperatorTable columns={refusalColumns(w)} rows={report.refusals} rowKey={(r) => r.orderId} empty={w.noRefusals} />
    </>
  );
}
