import type { Metadata } from "next";
import { CourierRecord } from "@/components/courier/record";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { recordOf } from "@/lib/server/courier-record/record";
import { requirePageUser } from "@/lib/server/web/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("courier"))("pages.record") };
}

// The courier's record (docs/architecture/courier-screens.md "Record"): a courier's own, a suspended one's
// too (their appeal starts here). Anyone else is told so and shown nothing of it.
export default async function CourierRecordPage() {
  const user = await requirePageUser("/courier/record");
  const words = await getWords("courier");
  if (!user.courier && user.courierStatus !== "suspended") {
    return (
      <div className={styles.refusal}>
        <h1>{words.pages.forCouriers}</h1>
        <p>
          {words.pages.notCourier} <Link href="/courier">{words.pages.apply}</Link>
        </p>
      </div>
    );
  }
  return <CourierRecord record={await recordOf(user.id, !user.courier)} words={words} locale={await requestLocale()} />;
}
