import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph, type IconName } from "@/components/ui/icons";
import styles from "./feature-coming-soon.module.css";

type RecordNotFoundProps = { icon: IconName; title: string; children: ReactNode; more?: ReactNode };

/**
 * A known page whose record does not exist (or is not the visitor's): the route's not-found.tsx.
 * Unknown paths keep the spec's 'Feature Coming Soon!' (app/(shop)/not-found.tsx).
 */
export function RecordNotFound({ icon, title, children, more }: RecordNotFoundProps) {
  return (
    <div className={`container ${styles.wrap}`}>
      <span className={styles.icon}>
        <IconGlyph name={icon} size={44} strokeWidth={1.6} />
      </span>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{children}</p>
      <Link href="/home" className={buttonClass({ size: "large" })}>
        Browse restaurants
      </Link>
      {more}
    </div>
  );
}
