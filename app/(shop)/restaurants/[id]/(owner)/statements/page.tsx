import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { RoleRefused } from "@/components/team/role-refused";
import { StatementView } from "@/components/receipts/statement-view";
import styles from "@/components/receipts/receipts.module.css";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { monthlyStatement, monthLabel } from "@/lib/server/receipts/statement";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { localDateKey } from "@/lib/shared/opening-hours";
import { shiftMonth, statementMonthSchema } from "@/lib/validation/statements";

export const metadata: Metadata = { title: "Statements" };

type Query = { month?: string | string[] };

// The restaurant's monthly statements (owner only, as payouts are: docs/architecture/team.md):
// a month of its zone (this month by default), its summary and lines, and the PDF and CSV.
export default async function StatementsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Query> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const current = localDateKey(new Date(), restaurant.timeZone).slice(0, 7);
  const asked = (await searchParams).month;
  const parsed = asked === undefined ? null : statementMonthSchema.safeParse({ month: asked });
  const error = parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? "month must be a month (YYYY-MM)") : null;
  const month = parsed?.success ? parsed.data.month : current;
  const statement = await monthlyStatement(user, restaurant.id, month);
  const path = `/restaurants/${restaurant.id}/statements`;
  const downloads = `/api/manage/${restaurant.id}/exports/statement`;
  return (
    <div className="container">
      <BackLink href={`/restaurants/${restaurant.id}/payouts`}>Payouts</BackLink>
      <PageHeader title="Statements" subtitle={`${restaurant.name} · months in ${restaurant.timeZone.replaceAll("_", " ")} time`} />
      <form method="get" action={path} className={styles.picker} aria-label="Choose a month">
        <label className={styles.field}>
          Month
          <input
            type="month"
            name="month"
            defaultValue={typeof asked === "string" && error ? asked : month}
            max={current}
            placeholder="YYYY-MM"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "month-error" : undefined}
          />
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Show
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
            {error}. Showing {monthLabel(month)}.
          </p>
        )}
      </form>
      <div className={styles.downloads} style={{ marginBottom: "var(--space-4)" }}>
        <a href={`${downloads}.pdf?month=${month}`} download className={buttonClass({ size: "small" })}>
          Download PDF
        </a>
        <a href={`${downloads}.csv?month=${month}`} download className={buttonClass({ variant: "soft", size: "small" })}>
          Download CSV
        </a>
      </div>
      <StatementView statement={statement} />
    </div>
  );
}
