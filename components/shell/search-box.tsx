"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { IconGlyph } from "@/components/ui/icons";
import { FEATURE_COMING_SOON } from "./delivery-toggle";
import styles from "./search-box.module.css";

/** The top bar's search: not built yet, so submitting only says so. */
export function SearchBox({ className }: { className?: string }) {
  const { show } = useAlerts();
  return (
    <form
      role="search"
      className={`${styles.search} ${className ?? ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        show(FEATURE_COMING_SOON);
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search restaurants and dishes
      </label>
      <IconGlyph name="search" className={styles.icon} />
      <input id="site-search" type="search" name="q" placeholder="Search Nosh" className={styles.input} enterKeyHint="search" />
    </form>
  );
}
