import Link from "@/components/ui/link";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./owner.module.css";

/** The way back up the owner pages (manage -> a restaurant's menu -> a dish). */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className={styles.back}>
      <IconGlyph name="chevronLeft" size={18} />
      {children}
    </Link>
  );
}
