"use client";
import { useRef, type PointerEvent } from "react";
import type { Point } from "@/lib/shared/delivery/delivery";
import { project, scaleBar, toWorld, type View } from "@/components/map/projection";
import { MapGround, MapScale } from "@/components/map/map-ground";
import ground from "@/components/map/map-ground.module.css";
import { unproject } from "@/components/map/pin-math";
import styles from "./zone-map.module.css";

export const ZONE_MAP_WIDTH = 640;
export const ZONE_MAP_HEIGHT = 400;

/** A view of the map centred on `centre` at `zoom`. */
export function viewAt(centre: Point, zoom: number): View {
  const world = toWorld(centre);
  const scale = 2 ** zoom;
  return { width: ZONE_MAP_WIDTH, height: ZONE_MAP_HEIGHT, zoom, origin: { x: world.x - ZONE_MAP_WIDTH / 2 / scale, y: world.y - ZONE_MAP_HEIGHT / 2 / scale } };
}

const path = (view: View, polygon: Point[]) =>
  polygon
    .map((point, i) => {
      const p = project(view, point);
      return `${i ? "L" : "M"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`;
    })
    .join("") + (polygon.length > 2 ? "Z" : "");

/**
 * The zone editor's map (the offline SVG sketch of components/map, with the deployment's tiles
 * under it when configured): the zone being drawn, its corners numbered, the other zones faint. A
 * click or a tap adds a corner where it lands; the corners' list beside it is the keyboard's way.
 */
export function ZoneMap({
  view,
  polygon,
  others,
  onAdd,
  tileUrl,
  units,
}: {
  view: View;
  polygon: Point[];
  others: Point[][];
  onAdd: (point: Point) => void;
  tileUrl: string | null;
  /** The scale bar's lengths and labels (lib/shared/delivery/distance.ts scaleLabels: the market's unit, the reader's words); metres and km without. */
  units?: { lengths: number[]; labels: string[] };
}) {
  const frame = useRef<HTMLDivElement>(null);
  const scale = scaleBar(view, polygon[0]?.lat ?? 37.77, 96, units?.lengths);
  const add = (event: PointerEvent) => {
    const box = frame.current!.getBoundingClientRect();
    onAdd(unproject(view, ((event.clientX - box.left) / box.width) * ZONE_MAP_WIDTH, ((event.clientY - box.top) / box.height) * ZONE_MAP_HEIGHT));
  };
  return (
    <div ref={frame} className={styles.frame} onPointerUp={add} data-testid="zone-map">
      <svg className={ground.map} viewBox={`0 0 ${ZONE_MAP_WIDTH} ${ZONE_MAP_HEIGHT}`} aria-hidden="true">
        <MapGround view={view} width={ZONE_MAP_WIDTH} height={ZONE_MAP_HEIGHT} tileUrl={tileUrl} />
        {others.map((other, i) => (
          <path key={i} d={path(view, other)} className={styles.other} />
        ))}
        {polygon.length > 0 && <path d={path(view, polygon)} className={styles.zone} />}
        {polygon.map((point, i) => {
          const p = project(view, point);
          return (
            <g key={i} transform={`translate(${p.x} ${p.y})`}>
              <circle r="9" className={styles.corner} />
              <text className={styles.cornerText} textAnchor="middle" dy="4">
                {i + 1}
              </text>
            </g>
          );
        })}
        <MapScale height={ZONE_MAP_HEIGHT} px={scale.px} label={units?.labels[units.lengths.indexOf(scale.metres)] ?? scale.label} />
      </svg>
    </div>
  );
}
