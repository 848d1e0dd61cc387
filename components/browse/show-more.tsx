"use client";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { fill as fillIn } from "@/lib/shared/words/fill";
import styles from "./show-more.module.css";
import { LiveButton } from "@/components/ui/live-button";

type ShowMoreProps = {
  label: string;
  loading: boolean;
  /** Loads the next page; resolves to how many items arrived. */
  onLoad: () => Promise<number>;
  /** A click (not an automatic load) is about to load: e.g. to move focus to the first new item. */
  onClick?: () => void;
  /** "restaurants", "dishes": for the announcement after a load. */
  noun: string;
  /**
   * The server sent only the first screen of the list's first page: the next load also starts
   * on its own, once, when the button comes near the viewport (the rest of what the page used
   * to send), before the visitor opts into infinite scroll with a click.
   */
  fillOnView?: boolean;
  /** The announcements in the reader's language ("Loaded {count} more {noun}", "Loading more {noun}…": browse.lists), English's by default. */
  words?: { loaded: string; loading: string };
};

const ANNOUNCE = { loaded: "Loaded {count} more {noun}", loading: "Loading more {noun}…" };

/**
 * The "Show more" button under a paged list. After the first click it also loads on its own
 * when it scrolls into view (infinite scroll the visitor opted into); the button stays for
 * keyboard users and as the fallback. With `fillOnView`, the first load starts on its own too.
 */
export function ShowMore({ label, loading, onLoad, onClick, noun, fillOnView = false, words = ANNOUNCE }: ShowMoreProps) {
  const [auto, setAuto] = useState(false);
  const [fill, setFill] = useState(fillOnView);
  const [announcement, setAnnouncement] = useState("");
  const ref = useRef<HTMLDivElement>(null);

  const load = async () => {
    const added = await onLoad();
    setAnnouncement(added ? fillIn(words.loaded, { count: added, noun }) : "");
  };

  const loadOnView = useEffectEvent(() => void load());

  useEffect(() => {
    const target = ref.current;
    if (!(auto || fill) || loading || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setFill(false);
          loadOnView();
        }
      },
      { rootMargin: "0px 0px 400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, fill, loading]);

  return (
    <div ref={ref} className={styles.wrap}>
      <LiveButton
        className={buttonClass({ variant: "secondary", size: "large" })}
        aria-disabled={loading || undefined}
        onClick={() => {
          if (loading) return;
          setAuto(true);
          setFill(false);
          onClick?.();
          void load();
        }}
      >
        {loading && <span className={styles.spinner} aria-hidden="true" />}
        {label}
      </LiveButton>
      <p role="status" className="sr-only">
        {loading ? fillIn(words.loading, { noun }) : announcement}
      </p>
    </div>
  );
}
