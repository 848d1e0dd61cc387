import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { TopUpLimitsForm } from "@/components/operators/top-up-limits-form";
import { requireOperatorPage } from "@/lib/server/web/page";
import { topUpLimitsJson } from "@/lib/server/payments/top-up-limits";

import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("topup.title") };
}

/** The card top-up limits: set here, audited, in effect from the next top-up; the settings' values until then. */
export default async function OperatorTopUpLimitsPage() {
  await requireOperatorPage();
  const limits = await topUpLimitsJson();
  const { defaults } = limits;
  const [t, { topup: words }] = await Promise.all([getT("admin"), getWords("admin")]);
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      <p className={styles.meta}>
        {limits.updatedBy && limits.updatedAt
          ? t("topup.lastSet", { name: limits.updatedBy.firstName, at: limits.updatedAt.slice(0, 16).replace("T", " ") })
          : words.notSet}{" "}
        {t("topup.defaults", { min: String(defaults.min), max: String(defaults.max), daily: String(defaults.dailyMax) })}
      </p>
      <TopUpLimitsForm key={`${limits.min}-${limits.max}-${limits.dailyMax}`} limits={limits} words={words.form} />
    </>
  );
}
