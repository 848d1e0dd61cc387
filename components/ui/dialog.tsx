"use client";
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { IconGlyph } from "./icons";
import styles from "./dialog.module.css";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** start / end: a full-height panel sliding in from that side (left / right, mirrored right to left); center: a modal card. */
  placement?: "start" | "end" | "center";
  /** Hide the visible title (it still names the dialog for assistive technology). */
  hideTitle?: boolean;
  children: ReactNode;
};

/**
 * A modal built on the native <dialog>: the browser traps focus, makes the page inert and
 * closes it on Escape; a click on the backdrop closes it too.
 */
export function Dialog({ open, onClose, title, placement = "center", hideTitle = false, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // "Close" in the page's language: the root layout hands the words to the alerts provider, around every page.
  const { words } = useAlerts();

  // The native close event also fires when the parent closed the dialog; only a close the
  // browser started (Escape) must be reported, or it would undo the parent's next choice.
  const openRef = useRef(open);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // The dialog element itself only receives clicks that land on its ::backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[placement]}`}
      aria-labelledby={titleId}
      onClose={() => {
        if (openRef.current) onClose();
      }}
      onClick={onClick}
    >
      <div className={styles.body}>
        <div className={`${styles.header} ${hideTitle ? styles.headerBare : ""}`}>
          <h2 id={titleId} className={hideTitle ? "sr-only" : styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={words.close}>
            <IconGlyph name="close" />
          </button>
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
