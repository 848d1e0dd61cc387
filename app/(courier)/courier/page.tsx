import type { Metadata } from "next";
import { CourierApp } from "@/components/courier/courier-app";
import { CourierApply } from "@/components/courier/courier-apply";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { config } from "@/lib/server/platform/config";
import { requirePageUser } from "@/lib/server/web/session";
import { requireCurrentAgreements } from "@/lib/server/web/page";
import { getWords } from "@/lib/i18n/translate";

export const metadata: Metadata = { title: "Courier" };

// The courier app (docs/architecture/couriers.md). Anonymous visitors sign in first; anyone who
// is not a courier is told so and shown nothing of it.
export default async function CourierPage() {
  const user = await requirePageUser();
  if (!user.courier) {
    // A courier account comes to exist by applying here; an operator approves it at /admin/couriers
    // (docs/architecture/operator.md "Couriers").
    return (
      <div className={styles.refusal}>
        <h1>This page is for couriers</h1>
        <p>
          Your account does not deliver for Nosh. <Link href="/home">Back to the restaurants</Link>
        </p>
        {!user.guestAccount && <CourierApply status={user.courierStatus} />}
        {user.courierStatus === "suspended" && (
          <p>
            <Link href="/courier/record">See your record and appeal the suspension</Link>
          </p>
        )}
      </div>
    );
  }
  await requireCurrentAgreements(user, "/courier");
  return <CourierApp tileUrl={config().mapTileUrl} payoutWords={(await getWords("kitchen")).payouts} />;
}
