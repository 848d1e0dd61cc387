import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { ZoneEditor } from "@/components/operators/zone-editor";
import { config } from "@/lib/server/platform/config";
import { requireOperatorPage } from "@/lib/server/web/page";
import { zonesJson } from "@/lib/server/zones/zones";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("zones.title") };
}

/** The market's delivery zones: each drawn on the map, with the couriers it needs each hour (docs/architecture/dispatch-matching.md "Scheduled hours by zone"). */
export default async function OperatorZonesPage() {
  await requireOperatorPage();
  const [{ zones, timeZone }, t, { zones: words }, locale] = await Promise.all([zonesJson(), getT("admin"), getWords("admin"), requestLocale()]);
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{t("zones.intro", { zone: timeZone })}</p>
      {!zones.length && <p className={styles.empty}>{words.none}</p>}
      <ZoneEditor zones={zones} tileUrl={config().mapTileUrl} words={words.editor} locale={locale} />
    </>
  );
}
