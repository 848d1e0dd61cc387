"use client";
import { useEffect, useRef } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { UseLocationButton } from "@/components/shell/use-location-button";
import { readAddressDraft, saveAddressDraft } from "@/lib/client/address-draft";
import { addressWithPlace } from "@/lib/contract/zod-free/profile-rules";
import styles from "./landing.module.css";

export type LandingTyped = { address: string; when: "now" | "later" };
/** The form's words in the page's language, from the server (the catalogue's landing.search). */
export type LandingLabels = Record<"form" | "address" | "addressPlaceholder" | "when" | "now" | "later" | "submit", string>;

/**
 * The landing search (no longer a "Feature Coming Soon" alert): a plain GET to
 * /home?address=&when=, which lists the restaurants delivering to the address, nearest first
 * (components/browse/near-address.tsx); it works before hydration too. The address searched (or
 * typed and left) here is the signed-out visitor's delivery address: kept in this browser
 * (lib/client/address-draft.ts), shown by the top bar, saved to the account at signup or at a
 * login into an account without one. `typed`: an old /?address= link, whose address fills the box.
 * A kept address comes back only into a box nobody has touched: empty and not focused when the
 * page hydrates (a visitor may have tapped or typed before), never on top of what was typed.
 */
export function LandingSearch({ typed, labels }: { typed?: LandingTyped; labels: LandingLabels }) {
  const address = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = address.current;
    if (typed) saveAddressDraft(typed.address);
    else if (box && !box.value && document.activeElement !== box) box.value = readAddressDraft();
    // Once, for the search the server received.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const keep = () => {
    if (address.current) saveAddressDraft(address.current.value);
  };
  return (
    <form action="/home" method="get" className={styles.search} role="search" aria-label={labels.form} onSubmit={keep}>
      <div className={styles.addressField}>
        <label htmlFor="landing-address" className="sr-only">
          {labels.address}
        </label>
        <IconGlyph name="pin" className={styles.fieldIcon} />
        <input
          id="landing-address"
          name="address"
          className={styles.addressInput}
          placeholder={labels.addressPlaceholder}
          autoComplete="street-address"
          ref={address}
          defaultValue={typed?.address}
          onBlur={keep}
        />
      </div>
      <div className={styles.whenField}>
        <label htmlFor="landing-when" className="sr-only">
          {labels.when}
        </label>
        <IconGlyph name="clock" className={styles.fieldIcon} />
        <select id="landing-when" name="when" className={styles.whenSelect} defaultValue={typed?.when ?? "now"}>
          <option value="now">{labels.now}</option>
          <option value="later">{labels.later}</option>
        </select>
      </div>
      <button type="submit" className={buttonClass({ size: "large", className: styles.searchButton })}>
        <IconGlyph name="search" />
        {labels.submit}
      </button>
      <UseLocationButton
        className={styles.locate}
        onFound={(place) => {
          const box = address.current;
          if (!box) return;
          box.value = addressWithPlace(box.value, place);
          saveAddressDraft(box.value);
          box.focus();
        }}
      />
    </form>
  );
}
