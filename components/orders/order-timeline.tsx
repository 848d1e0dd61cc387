"use client";
import { IconGlyph } from "@/components/ui/icons";
import { formatTime } from "@/lib/shared/time/format-date";
import { ENDED_STAGES, stageLabel, stagesAhead, timelineSteps, type LiveOrderFields, type OrderStage } from "@/lib/shared/orders/order-stages";
import type { OrderJson } from "@/lib/server/orders/to-json";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./order-detail.module.css";

/** The steps so far with their times, then (while the order is open) the steps still ahead; `words` and `locale`: the page's language. */
export function Timeline({
  order,
  stage,
  timeZone,
  words,
  locale,
}: {
  order: OrderJson & LiveOrderFields;
  stage: OrderStage;
  timeZone?: string;
  words: Words<"order">;
  locale: Locale;
}) {
  const steps = timelineSteps(order.timeline ?? [], order.delivery?.handedOverEarly ?? false);
  const happened = new Set(steps.map((step) => step.stage));
  const ahead = stagesAhead(stage, order.deliveryOption).filter((s) => !happened.has(s));
  return (
    <ol className={styles.timeline} aria-label={words.progress}>
      {steps.map((step, index) => {
        const current = index === steps.length - 1;
        return (
          <li
            key={`${step.stage}-${step.at}`}
            className={[styles.step, ENDED_STAGES.includes(step.stage) ? styles.stepEnded : styles.stepDone, current && styles.stepCurrent].filter(Boolean).join(" ")}
            aria-current={current ? "step" : undefined}
          >
            <span className={styles.stepDot} aria-hidden="true">
              <IconGlyph name={ENDED_STAGES.includes(step.stage) ? "close" : "check"} size={14} />
            </span>
            <span className={styles.stepLabel}>
              {stageLabel(step.stage, order.deliveryOption, "timeline", words) ?? step.stage}
              {step.early && <span className={styles.stepNote}>{fill(words.early, { name: order.courier?.firstName ?? words.yourCourier })}</span>}
            </span>
            <time className={styles.stepTime} dateTime={step.at}>
              {formatTime(step.at, timeZone, locale)}
            </time>
          </li>
        );
      })}
      {ahead.map((next) => (
        <li key={next} className={`${styles.step} ${styles.stepAhead}`}>
          <span className={styles.stepDot} aria-hidden="true" />
          <span className={styles.stepLabel}>
            {stageLabel(next, order.deliveryOption, "timeline", words)}
            <span className="sr-only">{words.notYet}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
