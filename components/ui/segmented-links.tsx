import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import styles from "./segmented-links.module.css";

/** One choice of a SegmentedLinks: its own URL, its words, and whether it is the page's. */
export type SegmentLink = { key: string; href: string; label: ReactNode; current: boolean };

/**
 * A labelled row of choices as links, the current one raised (the home grid's order, the wallet's
 * currencies): each choice has its own URL and renders on the server.
 */
export function SegmentedLinks({ id, label, links, replace }: { id: string; label: string; links: SegmentLink[]; replace?: boolean }) {
  return (
    <nav aria-labelledby={id} className={styles.nav}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <ul className={styles.options}>
        {links.map((link) => (
          <li key={link.key}>
            <Link href={link.href} className={styles.option} aria-current={link.current ? "page" : undefined} scroll={false} replace={replace}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
