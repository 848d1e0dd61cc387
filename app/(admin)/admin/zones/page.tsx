import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { ZoneEditor } from "@/components/operators/zone-editor";
import { config } from "@/lib/server/platform/config";
import { requireOperatorPage } from "@/lib/server/web/page";
import { zonesJson } from "@/lib/server/zones/zones";
import { DEFAULT_MARKET_ID, marketFacts } from "@/lib/server/markets/markets";
import { scaleLabels, unitWords } from "@/lib/shared/delivery/distance";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("zones.title") };
}

/** The market's delivery zones: each drawn on the map, with the couriers it needs each hour (docs/architecture/dispatch-matching.md "Scheduled hours by zone"). */
export default async function OperatorZonesPage() {
  await requireOperatorPage();
  // Zones belong to no market: their scale bar reads in the default market's unit.
  const [{ zones, timeZone }, t, { zones: words }, locale, courier, { distanceUnit }] = await Promise.all([
    zonesJson(),
    getT("admin"),
    getWords("admin"),
    requestLocale(),
    getWords("courier"),
    marketFacts(DEFAULT_MARKET_ID),
  ]);
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{t("zones.intro", { zone: timeZone })}</p>
      {!zones.length && <p className={styles.empty}>{words.none}</p>}
      <ZoneEditor zones={zones} tileUrl={config().mapTileUrl} words={{ ...words.editor, units: scaleLabels(unitWords(courier, distanceUnit)) }} locale={locale} />
    </>
  );
}
