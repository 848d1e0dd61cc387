"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { formatDate } from "@/lib/shared/time/format-date";
import { weeklyHoursLines } from "@/lib/shared/time/hours-text";
import { localDateKey, MAX_CLOSURES, MAX_INTERVALS_PER_DAY, WEEKDAYS, type Closure, type OpeningHours, type Weekday } from "@/lib/shared/time/opening-hours";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { failureMessage } from "./use-live-form";
import styles from "./hours-editor.module.css";

/** The zones the form offers (a fixed list: the server's and the browser's Intl lists differ); a saved other zone is kept. */
export const TIME_ZONES = [
  "America/Los_Angeles",
  "America/Denver",
  "America/Phoenix",
  "America/Chicago",
  "America/New_York",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Toronto",
  "America/Mexico_City",
  "Europe/London",
  "Europe/Paris",
  "Asia/Tokyo",
  "Australia/Sydney",
] as const;

const DEFAULT_INTERVAL = { open: "11:00", close: "22:00" };

type HoursEditorProps = {
  value: OpeningHours;
  onChange: (next: OpeningHours) => void;
  /** Errors keyed like the server's: "hours.mon.1.close", "closures.0.to", "timeZone". */
  errors: Record<string, string>;
  /** A saved restaurant: "Close for today" adds a closure for today's date in its zone and saves the closures at once. */
  restaurantId?: number;
  /** The save of "Close for today" failed: the form shows the errors. */
  onSaveError: (error: unknown) => void;
  /** Its words (the catalogue's menus.hours) and the language of its times and dates, from the server. */
  words: Words<"menus">["hours"];
  locale: Locale;
};

/**
 * The restaurant form's opening hours: the time zone, per weekday closed or one or two intervals
 * (a close before the open runs past midnight), and holiday closures. Every error sits beside
 * its field, keyed by the server's path.
 */
export function HoursEditor({ value, onChange, errors, restaurantId, onSaveError, words: w, locale }: HoursEditorProps) {
  const dateText = (key: string) => dateTextIn(key, locale);
  const alerts = useAlerts();
  const router = useRouter();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const setDay = (day: Weekday, intervals: OpeningHours["hours"][Weekday]) => onChange({ ...value, hours: { ...value.hours, [day]: intervals } });
  const setClosures = (closures: Closure[]) => onChange({ ...value, closures });
  const today = localDateKey(new Date(), value.timeZone);
  const closedToday = value.closures.some((c) => c.from <= today && today <= c.to);
  const closeToday = async () => {
    const next = { ...value, closures: [...value.closures, { from: today, to: today }] };
    onChange(next);
    try {
      await api(`/api/manage/${restaurantId}`, { method: "PUT", body: { closures: next.closures } });
      alerts.show(w.closedToday, "success");
      router.refresh();
    } catch (error) {
      onSaveError(error);
      alerts.show(failureMessage(error, w.closeFailed), "error");
    }
  };
  const zones: string[] = TIME_ZONES.includes(value.timeZone as (typeof TIME_ZONES)[number]) ? [...TIME_ZONES] : [value.timeZone, ...TIME_ZONES];

  return (
    <>
      {/* The one hour control: what customers read (and the API's businessHours) is written from it. */}
      <p className={styles.summary}>{fill(w.customersSee, { hours: weeklyHoursLines(value.hours, { words: w.short, locale }).join("; ") })}</p>
      <SelectField label={w.timeZone} error={errors.timeZone} value={value.timeZone} onChange={(e) => onChange({ ...value, timeZone: e.target.value })}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </SelectField>
      <ul className={styles.days} aria-label={w.weekly}>
        {WEEKDAYS.map((day) => {
          const intervals = value.hours[day];
          const name = w.days[day];
          return (
            <li key={day} className={styles.day}>
              <fieldset className={styles.dayFields}>
                <legend className={styles.dayName}>{name}</legend>
                <label className={styles.openToggle}>
                  <input type="checkbox" checked={intervals.length > 0} onChange={(e) => setDay(day, e.target.checked ? [{ ...DEFAULT_INTERVAL }] : [])} />
                  {w.open}
                </label>
                {intervals.length === 0 && <span className={styles.closedText}>{w.closed}</span>}
                {errors[`hours.${day}`] && <p className={styles.error}>{errors[`hours.${day}`]}</p>}
                {intervals.map((interval, index) => (
                  <div key={index} className={styles.interval} role="group" aria-label={fill(w.interval, { day: name, n: index + 1 })}>
                    <TextField
                      label={w.opens}
                      type="time"
                      value={interval.open}
                      error={errors[`hours.${day}.${index}.open`]}
                      onChange={(e) =>
                        setDay(
                          day,
                          intervals.map((i, n) => (n === index ? { ...i, open: e.target.value } : i)),
                        )
                      }
                    />
                    <TextField
                      label={w.closes}
                      type="time"
                      value={interval.close === "24:00" ? "00:00" : interval.close}
                      error={errors[`hours.${day}.${index}.close`]}
                      hint={closeHint(interval, w)}
                      onChange={(e) =>
                        setDay(
                          day,
                          intervals.map((i, n) => (n === index ? { ...i, close: e.target.value } : i)),
                        )
                      }
                    />
                    {intervals.length > 1 && (
                      <button
                        type="button"
                        className={buttonClass({ variant: "secondary", size: "small" })}
                        onClick={() =>
                          setDay(
                            day,
                            intervals.filter((_, n) => n !== index),
                          )
                        }
                      >
                        {w.remove}
                        <span className="sr-only">{fill(w.removeInterval, { day: name, n: index + 1 })}</span>
                      </button>
                    )}
                  </div>
                ))}
                {intervals.length > 0 && intervals.length < MAX_INTERVALS_PER_DAY && (
                  <button
                    type="button"
                    className={buttonClass({ variant: "secondary", size: "small" })}
                    onClick={() => setDay(day, [...intervals, { open: "17:00", close: "22:00" }])}
                  >
                    {w.addHours}
                    <span className="sr-only">{fill(w.onDay, { day: name })}</span>
                  </button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>

      <fieldset className={styles.closures}>
        <legend className={styles.dayName}>{w.holidays}</legend>
        {errors.closures && <p className={styles.error}>{errors.closures}</p>}
        {value.closures.length > 0 && (
          <ul className={styles.closureList} aria-label={w.closures}>
            {value.closures.map((closure, index) => (
              <li key={`${closure.from}-${closure.to}-${index}`} className={styles.closure}>
                <span>
                  {closure.from === closure.to ? dateText(closure.from) : fill(w.fromTo, { from: dateText(closure.from), to: dateText(closure.to) })}
                  {(errors[`closures.${index}.from`] || errors[`closures.${index}.to`]) && (
                    <span className={styles.error}> {errors[`closures.${index}.from`] ?? errors[`closures.${index}.to`]}</span>
                  )}
                </span>
                <button
                  type="button"
                  className={buttonClass({ variant: "secondary", size: "small" })}
                  onClick={() => setClosures(value.closures.filter((_, n) => n !== index))}
                >
                  {w.remove}
                  <span className="sr-only">{fill(w.removeClosure, { date: closure.from })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.interval}>
          <TextField label={w.firstDay} type="date" value={from} min={today} onChange={(e) => setFrom(e.target.value)} required={false} />
          <TextField label={w.lastDay} type="date" value={to} min={from || today} onChange={(e) => setTo(e.target.value)} required={false} hint={w.lastDayHint} />
          <button
            type="button"
            className={buttonClass({ variant: "secondary", size: "small" })}
            disabled={!from || value.closures.length >= MAX_CLOSURES}
            onClick={() => {
              setClosures([...value.closures, { from, to: to || from }]);
              setFrom("");
              setTo("");
            }}
          >
            {w.addClosure}
          </button>
        </div>
        {restaurantId !== undefined && (
          <button
            type="button"
            className={buttonClass({ variant: "secondary" })}
            disabled={closedToday || value.closures.length >= MAX_CLOSURES}
            onClick={() => void closeToday()}
          >
            {closedToday ? w.isClosedToday : w.closeToday}
          </button>
        )}
      </fieldset>
    </>
  );
}

/** "Dec 24, 2026" from "2026-12-24" (noon UTC: the same calendar day in every zone the formatter is given). */
const dateTextIn = (key: string, locale: Locale) => formatDate(`${key}T12:00:00Z`, "UTC", locale);

/** What a close time means beside its field: around the clock, until midnight, or into the next day. */
function closeHint({ open, close }: { open: string; close: string }, w: Words<"menus">["hours"]): string | undefined {
  if (open === "00:00" && close === "24:00") return w.allDayHint;
  if (close === "24:00") return w.midnight;
  return close < open ? w.pastMidnight : undefined;
}
