import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { ZoneEditor } from "@/components/operators/zone-editor";
import { config } from "@/lib/server/platform/config";
import { requireOperatorPage } from "@/lib/server/web/page";
import { zonesJson } from "@/lib/server/zones/zones";

export const metadata: Metadata = { title: "Zones" };

/** The market's delivery zones: each drawn on the map, with the couriers it needs each hour (docs/architecture/dispatch-matching.md "Scheduled hours by zone"). */
export default async function OperatorZonesPage() {
  await requireOperatorPage();
  const { zones, timeZone } = await zonesJson();
  return (
    <>
      <h1>Zones</h1>
      <p className={styles.intro}>
        Draw the parts of the market couriers work in, and how many couriers each needs in each hour ({timeZone} time). Couriers book those hours a week ahead, the most
        reliable first; dispatch offers a zone&apos;s orders to the couriers booked there first. A courier without a block goes on shift only where a zone is short.
      </p>
      {!zones.length && <p className={styles.empty}>No zone yet: draw the first one below.</p>}
      <ZoneEditor zones={zones} tileUrl={config().mapTileUrl} />
    </>
  );
}
