import type { Metadata } from "next";
import { CourierRecord } from "@/components/courier/record";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { recordOf } from "@/lib/server/courier-record/record";
import { requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Your courier record" };

// The courier's record (docs/architecture/courier-screens.md "Record"): a courier's own, a suspended one's
// too (their appeal starts here). Anyone else is told so and shown nothing of it.
export default async function CourierRecordPage() {
  const user = await requirePageUser("/courier/record");
  if (!user.courier && user.courierStatus !== "suspended") {
    return (
      <div className={styles.refusal}>
        <h1>This page is for couriers</h1>
        <p>
          Your account does not deliver for Nosh. <Link href="/courier">Apply to deliver</Link>
        </p>
      </div>
    );
  }
  return <CourierRecord record={await recordOf(user.id, !user.courier)} />;
}
