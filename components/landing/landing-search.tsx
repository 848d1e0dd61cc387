"use client";
import { useEffect, useRef } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { readAddressDraft, saveAddressDraft } from "@/lib/client/address-draft";
import styles from "./landing.module.css";

// The landing search only announces that it is not built yet (note the capitals).
export const LANDING_SEARCH_MESSAGE = "Feature Coming Soon";

export type LandingTyped = { address: string; when: "now" | "later" };

/**
 * The address typed here is kept in this browser and saved to the account at signup. The form is
 * a real GET to / so that a Search pressed before hydration is not lost: the page comes back with
 * `typed` in the boxes, and once hydrated it answers that search as the button does.
 */
export function LandingSearch({ typed }: { typed?: LandingTyped }) {
  const { show } = useAlerts();
  const address = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (typed) {
      saveAddressDraft(typed.address);
      show(LANDING_SEARCH_MESSAGE);
      window.history.replaceState(window.history.state, "", "/");
    } else if (address.current && !address.current.value) address.current.value = readAddressDraft();
    // Once, for the search the server received.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form
      action="/"
      method="get"
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
