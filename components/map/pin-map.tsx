"use client";
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { distanceIn, metresIn, niceLengths, type UnitWords } from "./distance";
import { project, scaleBar, toWorld, type View } from "./projection";
import { MapGround, MapScale } from "./map-ground";
import { keyStep, nudge, unproject } from "./pin-math";
import ground from "./map-ground.module.css";
import styles from "./pin-map.module.css";

const WIDTH = 480;
const HEIGHT = 300;
/** About a dozen blocks across: close enough to find one's door. */
const ZOOM = 16;
/** The view follows the pin once it comes this close to an edge. */
const EDGE = 40;

type PinMapProps = {
  /** Where the pin is. */
  value: Point;
  onChange: (point: Point) => void;
  /** Where the pin stood when the map opened, marked on the map. */
  home: Point;
  /** A deployment's XYZ raster tiles (config().mapTileUrl); null: the offline sketch. */
  tileUrl?: string | null;
  /** Its words (the catalogue's courier.pin) and the distances' units (courier.units), from the page. */
  words: PinWords;
};

/** The pin's words: the catalogue's courier.pin and courier.units. */
export type PinWords = Pick<Words<"courier">, "pin"> & { units: UnitWords };

function viewAt(centre: Point): View {
  const world = toWorld(centre);
  const scale = 2 ** ZOOM;
  return { width: WIDTH, height: HEIGHT, zoom: ZOOM, origin: { x: world.x - WIDTH / 2 / scale, y: world.y - HEIGHT / 2 / scale } };
}

/**
 * The address's pin on the offline map (the SVG sketch of components/map/delivery-map.tsx, with
 * the deployment's tiles under it when configured): dragged with a mouse or a finger, put down
 * by a tap, or moved with the arrow keys (10 m, 50 m with Shift) from its focused handle. Where
 * it stands is the courier's drop-off and the point the delivery radius measures from
 * (docs/architecture/places.md "Address book").
 */
export default function PinMap({ value, onChange, home, tileUrl = null, words }: PinMapProps) {
  const w = words.pin;
  const [centre, setCentre] = useState(value);
  const [dragging, setDragging] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const view = viewAt(centre);
  const at = project(view, value);
  const start = project(view, home);
  const scale = scaleBar(view, value.lat, 96, niceLengths(words.units.unit));
  const away = distanceKm(home, value);

  const move = (point: Point) => {
    onChange(point);
    const p = project(view, point);
    if (p.x < EDGE || p.y < EDGE || p.x > WIDTH - EDGE || p.y > HEIGHT - EDGE) setCentre(point);
  };
  const pointAt = (event: PointerEvent) => {
    const box = frame.current!.getBoundingClientRect();
    return unproject(view, ((event.clientX - box.left) / box.width) * WIDTH, ((event.clientY - box.top) / box.height) * HEIGHT);
  };
  const onKey = (event: KeyboardEvent) => {
    const step = keyStep(event.key, event.shiftKey);
    if (!step) return;
    event.preventDefault();
    move(nudge(value, step.north, step.east));
  };

  return (
    <div className={styles.wrap}>
      <div
        ref={frame}
        className={`${styles.frame} ${dragging ? styles.dragging : ""}`}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          setDragging(true);
          onChange(pointAt(event));
        }}
        onPointerMove={(event) => {
          if (dragging) onChange(pointAt(event));
        }}
        onPointerUp={(event) => {
          if (!dragging) return;
          setDragging(false);
          move(pointAt(event));
        }}
        onPointerCancel={() => setDragging(false)}
      >
        <svg className={ground.map} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
          <MapGround view={view} width={WIDTH} height={HEIGHT} tileUrl={tileUrl} />
          <circle cx={start.x} cy={start.y} r="7" className={styles.home} />
          <g transform={`translate(${at.x} ${at.y})`}>
            <path d="M0 0C-4-10-16-16-16-28A16 16 0 0 1 16-28C16-16 4-10 0 0Z" className={styles.pinBody} />
            <circle cy="-28" r="6" className={styles.pinDot} />
          </g>
          <MapScale height={HEIGHT} px={scale.px} label={metresIn(scale.metres, words.units)} />
        </svg>
        <button
          type="button"
          className={styles.handle}
          style={{ left: `${(at.x / WIDTH) * 100}%`, top: `${((at.y - 20) / HEIGHT) * 100}%` }}
          aria-label={w.pin}
          aria-describedby={hintId}
          onKeyDown={onKey}
          data-testid="address-pin"
        />
      </div>
      <p id={hintId} className={styles.hint} aria-live="polite">
        {away < 0.005 ? w.still : fill(w.moved, { distance: distanceIn(away, words.units) })} {w.how}
      </p>
    </div>
  );
}
