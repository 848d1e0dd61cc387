import type { Metadata } from "next";
import { CourierBlocks } from "@/components/courier/blocks";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { requirePageUser } from "@/lib/server/web/session";
import { requireCurrentAgreements } from "@/lib/server/web/page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("courier"))("pages.blocks") };
}

// A courier's scheduled hours (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): the blocks
// of the week ahead, booked and dropped here. Anyone who is not a courier is sent to the courier page.
export default async function CourierBlocksPage() {
  const user = await requirePageUser();
  const words = await getWords("courier");
  if (!user.courier) {
    return (
      <div className={styles.refusal}>
        <h1>{words.pages.forCouriers}</h1>
        <p>
          {words.pages.notCourier} <Link href="/courier">{words.pages.become}</Link>
        </p>
      </div>
    );
  }
  await requireCurrentAgreements(user, "/courier/blocks");
  return <CourierBlocks words={words.blocks} locale={await requestLocale()} />;
}
