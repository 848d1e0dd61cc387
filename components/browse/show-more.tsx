"use client";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import styles from "./show-more.module.css";

type ShowMoreProps = {
  label: string;
  loading: boolean;
  /** Loads the next page; resolves to how many items arrived. */
  onLoad: () => Promise<number>;
  /** A click (not an automatic load) is about to load: e.g. to move focus to the first new item. */
  onClick?: () => void;
  /** "restaurants", "dishes": for the announcement after a load. */
  noun: string;
};

/**
 * The "Show more" button under a paged list. After the first click it also loads on its own
 * when it scrolls into view (infinite scroll the visitor opted into); the button stays for
 * keyboard users and as the fallback.
 */
export function ShowMore({ label, loading, onLoad, onClick, noun }: ShowMoreProps) {
  const [auto, setAuto] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const ref = useRef<HTMLDivElement>(null);

  const load = async () => {
    const added = await onLoad();
    setAnnouncement(added ? `Loaded ${added} more ${noun}` : "");
  };

  const loadOnView = useEffectEvent(() => void load());

  useEffect(() => {
    const target = ref.current;
    if (!auto || loading || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          loadOnView();
        }
      },
      { rootMargin: "0px 0px 400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, loading]);

  return (
    <div ref={ref} className={styles.wrap}>
      <button
        type="button"
        className={buttonClass({ variant: "secondary", size: "large" })}
        aria-disabled={loading || undefined}
        onClick={() => {
          if (loading) return;
          setAuto(true);
          onClick?.();
          void load();
        }}
      >
        {loading && <span className={styles.spinner} aria-hidden="true" />}
        {label}
      </button>
      <p role="status" className="sr-only">
        {loading ? `Loading more ${noun}…` : announcement}
      </p>
    </div>
  );
}
