"use client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { fitView } from "@/components/map/projection";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Point } from "@/lib/shared/delivery/delivery";
import { formatClockTime } from "@/lib/shared/time/format-date";
import { cornersText, parseCorners } from "./zone-corners";
import { viewAt, ZoneMap, ZONE_MAP_HEIGHT, ZONE_MAP_WIDTH } from "./zone-map";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./operators.module.css";

/** The editor's words: the catalogue's admin.zones.editor, from the page; `units`: the scale bar's, in the zones' market's unit. */
type ZoneWords = Words<"admin">["zones"]["editor"] & { units?: { lengths: number[]; labels: string[] } };

/** A zone as GET /api/admin/zones answers it. */
export type ZoneValues = { id: number; name: string; polygon: Point[]; needs: number[]; thisHour: { needed: number; booked: number } };

/** Where a market with no zone yet opens the map: San Francisco, the demo's city. */
const MARKET_CENTRE = { lat: 37.7749, lng: -122.4194 };
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function initialView(corners: Point[], others: Point[][]) {
  const points = corners.length ? corners : others.flat();
  if (!points.length) return viewAt(MARKET_CENTRE, 12);
  const fitted = fitView(points, ZONE_MAP_WIDTH, ZONE_MAP_HEIGHT, 48);
  return fitted.zoom > 16 ? fitView(points, ZONE_MAP_WIDTH, ZONE_MAP_HEIGHT, 48 * 2 ** (fitted.zoom - 16)) : fitted;
}

/**
 * The operators' zones (/admin/zones): pick one or draw a new one, its corners clicked on the map
 * or typed in the list, and the couriers it needs in each hour of the market's day.
 */
export function ZoneEditor({ zones, tileUrl, words, locale }: { zones: ZoneValues[]; tileUrl: string | null; words: ZoneWords; locale: Locale }) {
  const [selected, setSelected] = useState<number | "new">(zones[0]?.id ?? "new");
  const zone = zones.find((z) => z.id === selected) ?? null;
  // Kept here: a zone just drawn is shown in a form of its own once the page has it.
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  return (
    <>
      <div className={styles.actions} role="group" aria-label={words.zones}>
        {zones.map((z) => (
          <button
            key={z.id}
            type="button"
            aria-pressed={z.id === selected}
            className={buttonClass({ variant: z.id === selected ? "primary" : "secondary", size: "small" })}
            onClick={() => (setSelected(z.id), setMessage(null))}
          >
            {fill(words.booked, { name: z.name, booked: z.thisHour.booked, needed: z.thisHour.needed })}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={selected === "new"}
          className={buttonClass({ variant: selected === "new" ? "primary" : "secondary", size: "small" })}
          onClick={() => (setSelected("new"), setMessage(null))}
        >
          {words.drawNew}
        </button>
      </div>
      <ZoneForm
        key={zone ? zone.id : "new"}
        zone={zone}
        others={zones.filter((z) => z.id !== selected).map((z) => z.polygon)}
        tileUrl={tileUrl}
        onCreated={(id) => setSelected(id)}
        setMessage={setMessage}
        words={words}
        locale={locale}
      />
      {message && (
        <p className={message.error ? styles.error : styles.meta} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      )}
    </>
  );
}

type FormProps = {
  zone: ZoneValues | null;
  others: Point[][];
  tileUrl: string | null;
  onCreated: (id: number) => void;
  setMessage: (message: { text: string; error: boolean } | null) => void;
  words: ZoneWords;
  locale: Locale;
};

function ZoneForm({ zone, others, tileUrl, onCreated, setMessage, words, locale }: FormProps) {
  const router = useRouter();
  const id = useId();
  const [corners, setCorners] = useState<Point[]>(zone?.polygon ?? []);
  const [text, setText] = useState(cornersText(zone?.polygon ?? []));
  const [badLine, setBadLine] = useState<number | null>(null);
  const [view, setView] = useState(() => initialView(zone?.polygon ?? [], others));
  const save = useApiAction(
    (body: Record<string, unknown>) =>
      zone ? api<{ zone: ZoneValues }>(`/api/admin/zones/${zone.id}`, { method: "PUT", body }) : api<{ zone: ZoneValues }>("/api/admin/zones", { method: "POST", body }),
    {
      onSuccess: (saved) => {
        setMessage({ text: zone ? words.saved : words.drawn, error: false });
        router.refresh();
        if (!zone) onCreated(saved.zone.id);
      },
      // A refusal naming fields is told beside them; the message under the form only says so.
      onError: (failure) => setMessage({ text: Object.keys(failure.errors).length ? words.refused : failure.message, error: true }),
    },
  );
  const { busy, errors } = save;

  const setBoth = (next: Point[]) => {
    setCorners(next);
    setText(cornersText(next));
    setBadLine(null);
  };
  const polygonError = errors.polygon ?? Object.entries(errors).find(([key]) => key.startsWith("polygon."))?.[1];
  const needsError = errors.needs ?? Object.entries(errors).find(([key]) => key.startsWith("needs."))?.[1];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setMessage(null);
    const body = {
      name: String(form.get("name") ?? ""),
      polygon: corners,
      needs: HOURS.map((hour) => {
        const raw = String(form.get(`need-${hour}`) ?? "").trim();
        return raw === "" ? 0 : Number(raw);
      }),
      reason: String(form.get("reason") ?? "").trim() || undefined,
    };
    await save.run(body);
  };

  const described = (name: string, error: string | undefined) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {});
  const errorLine = (name: string, error: string | undefined) =>
    error && (
      <span className={styles.error} id={`${id}-${name}-error`}>
        {error}
      </span>
    );

  return (
    <form
      className={`${styles.card} ${styles.form} ${styles.taxForm}`}
      onSubmit={(event) => void submit(event)}
      aria-label={zone ? fill(words.zone, { name: zone.name }) : words.newZone}
      noValidate
    >
      <label htmlFor={`${id}-name`}>
        {words.name}
        <input id={`${id}-name`} name="name" defaultValue={zone?.name ?? ""} maxLength={60} required {...described("name", errors.name)} />
        {errorLine("name", errors.name)}
      </label>
      <fieldset className={styles.form}>
        <legend className={styles.formTitle}>{words.shape}</legend>
        <p className={styles.meta} id={`${id}-map-hint`}>
          {fill(words.mapHint, { count: corners.length })}
        </p>
        <ZoneMap view={view} polygon={corners} others={others} tileUrl={tileUrl} onAdd={(point) => setBoth([...corners, point])} units={words.units} />
        <div className={styles.actions}>
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} disabled={!corners.length} onClick={() => setBoth(corners.slice(0, -1))}>
            {words.removeLast}
          </button>
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} disabled={!corners.length} onClick={() => setBoth([])}>
            {words.clear}
          </button>
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setView(initialView(corners, others))}>
            {words.fit}
          </button>
        </div>
        <label htmlFor={`${id}-corners`}>
          {words.corners}
          <textarea
            id={`${id}-corners`}
            rows={6}
            value={text}
            spellCheck={false}
            onChange={(event) => {
              setText(event.target.value);
              const parsed = parseCorners(event.target.value);
              if ("corners" in parsed) {
                setCorners(parsed.corners);
                setBadLine(null);
              } else setBadLine(parsed.badLine);
            }}
            {...described("polygon", badLine ? fill(words.line, { line: badLine }) : polygonError)}
          />
          {errorLine("polygon", badLine ? fill(words.badLine, { line: badLine }) : polygonError)}
        </label>
      </fieldset>
      <fieldset className={styles.form}>
        <legend className={styles.formTitle}>{words.needs}</legend>
        <p className={styles.meta}>{words.needsHint}</p>
        {errorLine("needs", needsError)}
        <div className={styles.needs}>
          {HOURS.map((hour) => {
            const from = `${String(hour).padStart(2, "0")}:00`;
            return (
              <label key={hour} htmlFor={`${id}-need-${hour}`}>
                {formatClockTime(from, locale)}
                <input
                  id={`${id}-need-${hour}`}
                  name={`need-${hour}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={50}
                  step={1}
                  defaultValue={zone?.needs[hour] ?? 0}
                  {...described("needs", errors[`needs.${hour}`])}
                />
              </label>
            );
          })}
        </div>
      </fieldset>
      <label htmlFor={`${id}-reason`}>
        {words.reason}
        <input id={`${id}-reason`} name="reason" maxLength={500} />
      </label>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({})} disabled={busy}>
          {busy ? words.saving : zone ? words.save : words.draw}
        </button>
      </div>
    </form>
  );
}
