import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { IconGlyph } from "@/components/ui/icons";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { KeepAddressDraft } from "./keep-address-draft";
import { NearTrack } from "./near-track";
import type { RestaurantSummary } from "./restaurant-card";
import grid from "./grid.module.css";
import styles from "./near-address.module.css";
import { UNREADABLE_ADDRESS } from "@/lib/shared/words/messages";
import { getT, requestLocale } from "@/lib/i18n/translate";
import { restaurantCardWords } from "@/lib/server/web/card-words";

/** What /home says of an address it cannot place (no known ZIP code, nor a "City, ST" it knows). */
export { UNREADABLE_ADDRESS };

export type NearAddressProps = {
  address: string;
  when: "now" | "later";
  /** The restaurants delivering there, nearest first; null when the address could not be placed. */
  near: { restaurant: RestaurantSummary; km: number; distance?: string }[] | null;
};

/**
 * /home?address=&when= (the landing page's Search): the address again, editable, and the
 * restaurants that deliver there, nearest first, each with its distance. Rendered on the server
 * from the URL alone (the page is replayed to everyone, catalog-and-caching.md); an address that
 * cannot be placed says so beside the field, and the page's usual list follows either way.
 */
export async function NearAddress({ address, when, near }: NearAddressProps) {
  const later = when === "later";
  const [t, locale] = await Promise.all([getT("browse"), requestLocale()]);
  const card = restaurantCardWords(locale);
  return (
    <section aria-labelledby="near-title" className={styles.section}>
      <form action="/home" method="get" className={styles.form} role="search" aria-label={t("near.form")}>
        <TextField
          label={t("near.address")}
          name="address"
          defaultValue={address}
          autoComplete="street-address"
          placeholder={t("near.placeholder")}
          error={near ? undefined : t("near.unreadable")}
          className={styles.address}
        />
        <SelectField label={t("near.when")} name="when" defaultValue={when} className={styles.when}>
          <option value="now">{t("near.now")}</option>
          <option value="later">{t("near.later")}</option>
        </SelectField>
        <button type="submit" className={`${buttonClass()} ${styles.button}`}>
          <IconGlyph name="search" />
          {t("near.search")}
        </button>
      </form>
      {near && (
        <>
          <KeepAddressDraft address={address} />
          <h2 id="near-title" className={styles.title}>
            {later ? t("near.toLater") : t("near.toNow")} <span className={styles.place}>{address}</span>
          </h2>
          {near.length ? (
            <>
              <p className={styles.lead}>
                {near.length === 1 ? t("near.countOne") : t("near.countMany", { count: near.length })}
                {later ? t("near.pickTime") : ""}
              </p>
              <NearTrack near={near} address={address} className={grid.grid} words={card} />
            </>
          ) : (
            <EmptyState icon="store" title={t("near.noneTitle")}>
              {t("near.noneText")}
            </EmptyState>
          )}
        </>
      )}
      {!near && (
        <h2 id="near-title" className="sr-only">
          {t("near.byAddress")}
        </h2>
      )}
    </section>
  );
}
