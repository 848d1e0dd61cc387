import type { Metadata } from "next";
import { CourierBlocks } from "@/components/courier/blocks";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { requirePageUser } from "@/lib/server/web/session";
import { requireCurrentAgreements } from "@/lib/server/web/page";

export const metadata: Metadata = { title: "Blocks" };

// A courier's scheduled hours (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): the blocks
// of the week ahead, booked and dropped here. Anyone who is not a courier is sent to the courier page.
export default async function CourierBlocksPage() {
  const user = await requirePageUser();
  if (!user.courier) {
    return (
      <div className={styles.refusal}>
        <h1>This page is for couriers</h1>
        <p>
          Your account does not deliver for Nosh. <Link href="/courier">Become a courier</Link>
        </p>
      </div>
    );
  }
  await requireCurrentAgreements(user, "/courier/blocks");
  return <CourierBlocks />;
}
