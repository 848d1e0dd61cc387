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
import { UNREADABLE_ADDRESS } from "@/lib/shared/messages";

/** What /home says of an address it cannot place (no known ZIP code, nor a "City, ST" it knows). */
export { UNREADABLE_ADDRESS };

export type NearAddressProps = {
  address: string;
  when: "now" | "later";
  /** The restaurants delivering there, nearest first; null when the address could not be placed. */
  near: { restaurant: RestaurantSummary; km: number }[] | null;
};

/**
 * /home?address=&when= (the landing page's Search): the address again, editable, and the
 * restaurants that deliver there, nearest first, each with its distance. Rendered on the server
 * from the URL alone (the page is replayed to everyone, catalog-and-caching.md); an address that
 * cannot be placed says so beside the field, and the page's usual list follows either way.
 */
export function NearAddress({ address, when, near }: NearAddressProps) {
  const later = when === "later";
  return (
    <section aria-labelledby="near-title" className={styles.section}>
      <form action="/home" method="get" className={styles.form} role="search" aria-label="Restaurants delivering to an address">
        <TextField
          label="Delivery address"
          name="address"
          defaultValue={address}
          autoComplete="street-address"
          placeholder="Street, city, state and ZIP code"
          error={near ? undefined : UNREADABLE_ADDRESS}
          className={styles.address}
        />
        <SelectField label="When" name="when" defaultValue={when} className={styles.when}>
          <option value="now">Deliver now</option>
          <option value="later">Schedule for later</option>
        </SelectField>
        <button type="submit" className={`${buttonClass()} ${styles.button}`}>
          <IconGlyph name="search" />
          Search
        </button>
      </form>
      {near && (
        <>
          <KeepAddressDraft address={address} />
          <h2 id="near-title" className={styles.title}>
            {later ? "Schedule a delivery to" : "Delivering now to"} <span className={styles.place}>{address}</span>
          </h2>
          {near.length ? (
            <>
              <p className={styles.lead}>
                {near.length === 1 ? "1 restaurant delivers there" : `${near.length} restaurants deliver there`}, nearest first.
                {later ? " Pick a time at checkout." : ""}
              </p>
              <NearTrack near={near} address={address} className={grid.grid} />
            </>
          ) : (
            <EmptyState icon="store" title="No restaurant delivers there yet">
              Every restaurant below still offers pickup. Try another address, or choose Pickup in the top bar.
            </EmptyState>
          )}
        </>
      )}
      {!near && (
        <h2 id="near-title" className="sr-only">
          Search by address
        </h2>
      )}
    </section>
  );
}
