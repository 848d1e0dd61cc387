import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { RoleRefused } from "@/components/team/role-refused";
import { StatementView } from "@/components/receipts/statement-view";
import styles from "@/components/receipts/receipts.module.css";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { monthlyStatement } from "@/lib/server/receipts/statement";
import { getT, requestLocale } from "@/lib/i18n/translate";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { localDateKey } from "@/lib/shared/time/opening-hours";
import { shiftMonth, statementMonthSchema } from "@/lib/contract/payouts/statement-rules";
import { errorTextIn } from "@/lib/server/platform/errors";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("statementsPage.title") };
}

type Query = { month?: string | string[] };

// The restaurant's monthly statements (owner only, as payouts are: docs/architecture/team.md):
// a month of its zone (this month by default), its summary and lines, and the PDF and CSV.
export default async function StatementsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Query> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const t = await getT("kitchen");
  const monthLabel = (key: string) =>
    t("statementsPage.monthLabel", { month: t(`statementsPage.months.${key.slice(5, 7)}` as "statementsPage.months.01"), year: key.slice(0, 4) });
  const current = localDateKey(new Date(), restaurant.timeZone).slice(0, 7);
  const asked = (await searchParams).month;
  const parsed = asked === undefined ? null : statementMonthSchema.safeParse({ month: asked });
  const issue = parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const error = parsed && !parsed.success ? (issue ? errorTextIn(await requestLocale(), issue) : t("statementsPage.monthError")) : null;
  const month = parsed?.success ? parsed.data.month : current;
  const statement = await monthlyStatement(user, restaurant.id, month, await requestLocale());
  const path = `/restaurants/${restaurant.id}/statements`;
  const downloads = `/api/manage/${restaurant.id}/exports/statement`;
  return (
    <div className="container">
      <BackLink href={`/restaurants/${restaurant.id}/payouts`}>{t("statementsPage.back")}</BackLink>
      <PageHeader title={t("statementsPage.title")} subtitle={t("statementsPage.subtitle", { name: restaurant.name, zone: restaurant.timeZone.replaceAll("_", " ") })} />
      <form method="get" action={path} className={styles.picker} aria-label={t("statementsPage.choose")}>
        <label className={styles.field}>
          {t("statementsPage.month")}
          <input
            type="month"
            name="month"
            defaultValue={typeof asked === "string" && error ? asked : month}
            max={current}
            placeholder={t("statementsPage.monthPlaceholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "month-error" : undefined}
          />
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("statementsPage.show")}
        </button>
        <Link href={`${path}?month=${shiftMonth(month, -1)}`} className={buttonClass({ variant: "ghost", size: "small" })}>
          ← {monthLabel(shiftMonth(month, -1))}
        </Link>
        {month < current && (
          <Link href={`${path}?month=${shiftMonth(month, 1)}`} className={buttonClass({ variant: "ghost", size: "small" })}>
            {monthLabel(shiftMonth(month, 1))} →
          </Link>
        )}
        {error && (
          <p id="month-error" className={styles.error} role="alert">
            {t("statementsPage.showing", { error, month: monthLabel(month) })}
          </p>
        )}
      </form>
      <div className={styles.downloads} style={{ marginBottom: "var(--space-4)" }}>
        <a href={`${downloads}.pdf?month=${month}`} download className={buttonClass({ size: "small" })}>
          {t("statementsPage.downloadPdf")}
        </a>
        <a href={`${downloads}.csv?month=${month}`} download className={buttonClass({ variant: "soft", size: "small" })}>
          {t("statementsPage.downloadCsv")}
        </a>
      </div>
      <StatementView statement={statement} monthLabel={monthLabel(month)} />
    </div>
  );
}
