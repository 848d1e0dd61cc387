"use client";
import { useEffect, useRef } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { readAddressDraft, saveAddressDraft } from "@/lib/client/address-draft";
import styles from "./landing.module.css";

// The landing search only announces that it is not built yet (note the capitals).
export const LANDING_SEARCH_MESSAGE = "Feature Coming Soon";

/** The address typed here is kept in this browser and saved to the account at signup. */
export function LandingSearch() {
  const { show } = useAlerts();
  const address = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (address.current && !address.current.value) address.current.value = readAddressDraft();
  }, []);
  return (
    <form
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        show(LANDING_SEARCH_MESSAGE);
      }}
    >
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
          onChange={(event) => saveAddressDraft(event.target.value)}
        />
      </div>
      <div className={styles.whenField}>
        <label htmlFor="landing-when" className="sr-only">
          Delivery time
        </label>
        <IconGlyph name="clock" className={styles.fieldIcon} />
        <select id="landing-when" name="when" className={styles.whenSelect} defaultValue="now">
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
