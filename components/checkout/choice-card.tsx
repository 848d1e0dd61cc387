import type { ReactNode } from "react";
import { IconGlyph, type IconName } from "@/components/ui/icons";
import { TitledSection } from "@/components/ui/titled-section";
import checkout from "./checkout.module.css";
import styles from "./choice-card.module.css";

type ChoiceCardProps = {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  icon: IconName;
  title: string;
  /** A line under the title (an estimate, a balance); part of the radio's accessible name. */
  detail?: ReactNode;
  /** Right-aligned text such as a price ("+$1.49"). */
  aside?: ReactNode;
  /** Extra content under the card's label (a warning, a "Change time" button). */
  children?: ReactNode;
  describedBy?: string;
};

/** A native radio dressed as a card: arrow keys move between the cards of one fieldset. */
export function ChoiceCard({ name, value, checked, onChange, icon, title, detail, aside, children, describedBy }: ChoiceCardProps) {
  return (
    <div className={`${styles.card} ${checked ? styles.checked : ""}`}>
      <label className={styles.label}>
        <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className={styles.radio} aria-describedby={describedBy} />
        <span className={styles.icon}>
          <IconGlyph name={icon} size={22} />
        </span>
        <span className={styles.text}>
          <span className={styles.title}>{title}</span>
          {detail && <span className={styles.detail}>{detail}</span>}
        </span>
        {aside && <span className={styles.aside}>{aside}</span>}
      </label>
      {children && <div className={styles.extra}>{children}</div>}
    </div>
  );
}

/** A checkout section of choice cards: its heading, then the cards as one group, named `legend` for screen readers. */
export function ChoiceSection({ id, title, legend, children }: { id: string; title: string; legend: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className={checkout.section} titleClassName={checkout.sectionTitle}>
      <fieldset className={styles.group}>
        <legend className="sr-only">{legend}</legend>
        {children}
      </fieldset>
    </TitledSection>
  );
}

/** A checkout detail: its icon, then what it says (the delivery address, the pickup place). */
export function DetailRow({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <div className={checkout.detailRow}>
      <span className={checkout.detailIcon}>
        <IconGlyph name={icon} />
      </span>
      <div className={checkout.detailText}>{children}</div>
    </div>
  );
}
