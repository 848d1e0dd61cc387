import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import styles from "./help.module.css";

/** An order page's way to Nosh support about that order (/help/contact?order=, a guest's with its help link's token). */
export function OrderHelpLink({ href, label }: { href: string; label: string }) {
  return (
    <p className={`container ${styles.orderHelp}`}>
      <Link href={href}>
        <IconGlyph name="info" size={18} /> {label}
      </Link>
    </p>
  );
}
