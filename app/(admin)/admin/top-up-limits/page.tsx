import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { TopUpLimitsForm } from "@/components/operators/top-up-limits-form";
import { requireOperatorPage } from "@/lib/server/web/page";
import { topUpLimitsJson } from "@/lib/server/payments/top-up-limits";

export const metadata: Metadata = { title: "Top-up limits" };

/** The card top-up limits: set here, audited, in effect from the next top-up; the settings' values until then. */
export default async function OperatorTopUpLimitsPage() {
  await requireOperatorPage();
  const limits = await topUpLimitsJson();
  const { defaults } = limits;
  return (
    <>
      <h1>Top-up limits</h1>
      <p className={styles.intro}>
        Customers add money to their wallet by card within these limits: a top-up between the smallest and the largest, and at most the daily amount in any 24 hours. A
        change holds from the next top-up on.
      </p>
      <p className={styles.meta}>
        {limits.updatedBy && limits.updatedAt
          ? `Last set by ${limits.updatedBy.firstName}, ${limits.updatedAt.slice(0, 16).replace("T", " ")} UTC.`
          : "Not set yet: the settings' values are in effect."}{" "}
        Settings&apos; defaults: ${defaults.min} to ${defaults.max} a top-up, ${defaults.dailyMax} a day.
      </p>
      <TopUpLimitsForm key={`${limits.min}-${limits.max}-${limits.dailyMax}`} limits={limits} />
    </>
  );
}
