import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { IconGlyph, type IconName } from "./icons";
import Link from "./link";
import styles from "./empty-state.module.css";

type EmptyStateProps = {
  icon: IconName;
  title: string;
  children?: ReactNode;
  /** The next step: `link` as the page's primary button, or any `action`. */
  link?: { href: string; text: string };
  action?: ReactNode;
};

/** The "nothing here yet" card: an icon, the spec's empty-state message, a next step. */
export function EmptyState({
  icon,
  title,
  children,
  link,
  action = link && (
    <Link href={link.href} className={buttonClass()}>
      {link.text}
    </Link>
  ),
}: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon}>
        <IconGlyph name={icon} size={36} strokeWidth={1.6} />
      </span>
      <p className={styles.title}>{title}</p>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
