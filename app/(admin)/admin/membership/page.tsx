import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { MembershipPlanForm, RetirePlanButton } from "@/components/operators/membership-plan-form";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { Badge } from "@/components/ui/badge";
import { marketChoices, plansReport, type PlanReport } from "@/lib/server/membership/plans";
import { requireOperatorPage } from "@/lib/server/web/page";
import { majorToMinor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("membership.title") };
}

type PlanWords = Words<"admin">["membership"];

const columns = (w: PlanWords, locale: Locale): OperatorColumn<PlanReport>[] => {
  const money = (plan: PlanReport, major: number) => formatCents(majorToMinor(major, plan.currency) ?? 0, { locale, currency: plan.currency });
  return [
    {
      header: w.plan,
      rowHeader: true,
      cell: (plan) => (
        <>
          {plan.name} <span className={styles.meta}>{plan.marketName}</span> {plan.retiredAt && <Badge tone="neutral">{w.retired}</Badge>}
        </>
      ),
    },
    {
      header: w.terms,
      // The plan's terms are a sentence: they wrap, so the report fits 1280 px without scrolling.
      wide: true,
      cell: (plan) =>
        fill(w.termsCell, {
          price: money(plan, plan.price),
          basket: money(plan, plan.basket),
          percent: plan.serviceFeeDiscountPercent,
          days: plan.trialDays,
        }),
    },
    { header: w.members, cell: (plan) => fill(w.membersCell, { members: plan.members, trialing: plan.trialing, pastDue: plan.pastDue }) },
    { header: w.churn, cell: (plan) => (plan.churnPercent === null ? "—" : fill(w.churnCell, { percent: plan.churnPercent, count: plan.churned })) },
    { header: w.revenue, cell: (plan) => money(plan, plan.revenue) },
    { header: w.cost, cell: (plan) => fill(w.costCell, { amount: money(plan, plan.benefitCost), orders: plan.orders }) },
    { header: w.action, cell: (plan) => (plan.retiredAt ? "—" : <RetirePlanButton id={plan.id} name={plan.name} words={w} />) },
  ];
};

/** The membership plans (docs/architecture/membership.md): each market's, their members, churn, revenue and what the benefit cost the platform; a plan defined or retired. */
export default async function OperatorMembershipPage() {
  await requireOperatorPage();
  const [{ plans }, markets, admin, locale] = await Promise.all([plansReport(), marketChoices(), getWords("admin"), requestLocale()]);
  const w = admin.membership;
  return (
    <>
      <h1>{w.title}</h1>
      <p className={styles.intro}>{w.intro}</p>
      <OperatorTable columns={columns(w, locale)} rows={plans} rowKey={(plan) => plan.id} empty={w.empty} />
      <MembershipPlanForm markets={markets} words={w} />
    </>
  );
}
