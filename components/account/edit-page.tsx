import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./form.module.css";

/** The frame of account/name, phone, email and password: the way back, a title, one small form. */
export function EditPage({ title, description, back, children }: { title: string; description: string; back: string; children: ReactNode }) {
  return (
    <div className="container">
      <div className={styles.editPage}>
        <Link href="/account" className={styles.back}>
          <IconGlyph name="chevronLeft" size={18} />
          {back}
        </Link>
        <div className={styles.editHeader}>
          <h1 className={styles.editTitle}>{title}</h1>
          <p className={styles.description}>{description}</p>
        </div>
        <div className={styles.card}>{children}</div>
      </div>
    </div>
  );
}
