"use client";
import { useEffect, useRef } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { readAddressDraft, saveAddressDraft } from "@/lib/client/address-draft";
import styles from "./landing.module.css";

export type LandingTyped = { address: string; when: "now" | "later" };

/**
 * The landing search (issue 37 retired its "Feature Coming Soon" alert): a plain GET to
 * /home?address=&when=, which lists the restaurants delivering to the address, nearest first
 * (components/browse/near-address.tsx); it works before hydration too. The address typed here is
 * also kept in this browser and saved to the account at signup. `typed`: an old /?address= link,
 * whose address fills the box.
 */
export function LandingSearch({ typed }: { typed?: LandingTyped }) {
  const address = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (typed) saveAddressDraft(typed.address);
    else if (address.current && !address.current.value) address.current.value = readAddressDraft();
    // Once, for the search the server received.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form action="/home" method="get" className={styles.search} role="search" aria-label="Restaurants delivering to your address">
      <div className={styles.addressField}>
        <label htmlFor="landing-address" className="sr-only">
          Delivery address
        </label>
        <IconGlyph name="pin" className={styles.fieldIcon} />
        <input
          id="landing-address"
          name="address"
          className={styles.addressInput}
          placeholder="Enter delivery address"
          autoComplete="street-address"
          ref={address}
          defaultValue={typed?.address}
          onChange={(event) => saveAddressDraft(event.target.value)}
        />
      </div>
      <div className={styles.whenField}>
        <label htmlFor="landing-when" className="sr-only">
          Delivery time
        </label>
        <IconGlyph name="clock" className={styles.fieldIcon} />
        <select id="landing-when" name="when" className={styles.whenSelect} defaultValue={typed?.when ?? "now"}>
          <option value="now">Deliver now</option>
          <option value="later">Schedule for later</option>
        </select>
      </div>
      <button type="submit" className={buttonClass({ size: "large", className: styles.searchButton })}>
        <IconGlyph name="search" />
        Search
      </button>
    </form>
  );
}
