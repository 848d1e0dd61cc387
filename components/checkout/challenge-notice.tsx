"use client";
import { useEffect, useRef } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import type { Words } from "@/lib/i18n/words";
import styles from "./checkout.module.css";

/**
 * A failed 3-D Secure challenge's message at the top of the checkout form: focused when it comes
 * (read out, in view), saying the choices were kept, with a way to another saved card.
 */
export function ChallengeNotice({ message, words }: { message: string | null; words: Pick<Words<"checkout">, "choicesKept" | "anotherCard"> }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) alert.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={alert} role="alert" tabIndex={-1} className={`${styles.notice} ${styles.alert}`}>
      <IconGlyph name="info" />
      <div>
        <p>{message}</p>
        <p>{words.choicesKept}</p>
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "small" })}
          onClick={() => document.querySelector<HTMLInputElement>('input[name="savedCard"]:checked, input[name="savedCard"]')?.focus()}
        >
          {words.anotherCard}
        </button>
      </div>
    </div>
  );
}
