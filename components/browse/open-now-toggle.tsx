"use client";
import { useRouter } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import type { Cuisine, RestaurantSort } from "@/lib/shared/constants";
import { useLiveControl } from "@/components/ui/live-button";
import { homeHref } from "./home-links";
import chipStyles from "./cuisine-chips.module.css";
import styles from "@/components/ui/segmented-links.module.css";

/**
 * The "Open now" filter (?open=true) as a real checkbox: Space toggles it, a screen reader hears
 * "checkbox, checked", and the URL (keeping the cuisine and sort) follows, so the server renders
 * the filtered grid and Back undoes it.
 */
export function OpenNowToggle({ open, sort, cuisine, label }: { open: boolean; sort: RestaurantSort; cuisine?: Cuisine; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [checked, setChecked] = useOptimistic(open);
  // Until React owns the page a tick would change the box and not the list.
  const live = useLiveControl();
  return (
    <label className={`${styles.option} ${styles.toggle}`}>
      <input
        type="checkbox"
        className={styles.check}
        checked={checked}
        {...live}
        onChange={(event) => {
          const next = event.target.checked;
          startTransition(() => {
            setChecked(next);
            router.push(homeHref({ cuisine, sort, open: next }), { scroll: false });
          });
        }}
      />
      {label}
      {pending && <span aria-hidden="true" className={chipStyles.pending} />}
    </label>
  );
}
