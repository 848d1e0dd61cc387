import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { distanceIn, metresIn, niceLengths, type DistanceUnit, type UnitWords } from "./distance";
import { fitView, project, scaleBar, type View } from "./projection";
import { MapGround, MapScale } from "./map-ground";
import ground from "./map-ground.module.css";
import styles from "./map.module.css";

// Small user units, so a phone's map (about 300 px wide) still shows pins and the scale readably.
const WIDTH = 480;
const HEIGHT = 300;
const PADDING = 32;
/** A pin stands this far above its point: the view leaves that much more room at the top. */
const PIN = 28;

export type DeliveryMapProps = {
  restaurant: Point;
  dropoff: Point;
  /** The courier, from pickup until delivery only. */
  courier?: Point | null;
  /** A deployment's XYZ raster tiles (config().mapTileUrl), laid under the sketch; null: the sketch alone. */
  tileUrl?: string | null;
  /** Who reads it: the courier's first name (the customer) or "you" (the courier). */
  courierName?: string;
  /** The restaurant's market's unit, when the words' is not it (an order's delivery: OrderDelivery.distanceUnit). */
  unit?: DistanceUnit;
  /** Its words (the catalogue's courier.map) and the distances' units (courier.units), from the page. */
  words: MapWords;
};

/** The map's words: the catalogue's courier.map and courier.units. */
export type MapWords = Pick<Words<"courier">, "map"> & { units: UnitWords };

/**
 * A delivery on a map, drawn as SVG with no network: the restaurant, the drop-off, the straight
 * line between them and, when given, the courier, whose marker glides to each new position (CSS
 * transition, none under prefers-reduced-motion). Fitted to the two stops; a courier off that
 * view widens it. With MAP_TILE_URL the deployment's own tiles lie under it, in the same Web
 * Mercator projection (components/map/projection.ts). Loaded only by the pages that show it.
 */
export default function DeliveryMap({ restaurant, dropoff, courier, tileUrl, courierName, words: given, unit }: DeliveryMapProps) {
  const words = unit ? { ...given, units: { ...given.units, unit } } : given;
  const w = words.map;
  const you = courierName === "you";
  let view = fit([restaurant, dropoff]);
  if (courier && !inside(view, courier, PADDING / 2)) view = fit([restaurant, dropoff, courier]);
  const from = project(view, restaurant);
  const to = project(view, dropoff);
  const at = courier ? project(view, courier) : null;
  const scale = scaleBar(view, (restaurant.lat + dropoff.lat) / 2, 96, niceLengths(words.units.unit));
  const apart = distanceIn(distanceKm(restaurant, dropoff), words.units);
  const label = courier
    ? fill(you ? w.labelYou : w.labelCourier, { apart, name: courierName ?? w.theCourier, distance: distanceIn(distanceKm(courier, dropoff), words.units) })
    : fill(w.label, { apart });
  return (
    <figure className={styles.figure}>
      <svg className={`${ground.map} ${styles.map}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <MapGround view={view} width={WIDTH} height={HEIGHT} tileUrl={tileUrl} />
        <line x1={from.x} y1={from.y} x2={to.x} y2={to.y} className={styles.route} />
        <g className={styles.pin} style={{ transform: `translate(${from.x}px, ${from.y}px)` }}>
          <Pin className={styles.restaurantPin} glyph="M-5-4h10v2h-10zM-4-2h8v7h-8z" />
        </g>
        <g className={styles.pin} style={{ transform: `translate(${to.x}px, ${to.y}px)` }}>
          <Pin className={styles.dropoffPin} glyph="M0-6L7 0H4.5V6h-9V0H-7z" />
        </g>
        {at && (
          <g className={styles.courier} style={{ transform: `translate(${at.x}px, ${at.y}px)` }} data-testid="courier-marker">
            <circle r="22" className={styles.courierHalo} />
            <circle r="11" className={styles.courierDot} />
          </g>
        )}
        <MapScale height={HEIGHT} px={scale.px} label={metresIn(scale.metres, words.units)} />
      </svg>
      <figcaption className={styles.legend} aria-hidden="true">
        <span>
          <i className={styles.keyRestaurant} /> {w.restaurant}
        </span>
        <span>
          <i className={styles.keyDropoff} /> {w.dropoff}
        </span>
        {courier && (
          <span>
            <i className={styles.keyCourier} /> {you ? w.you : (courierName ?? w.theCourier)}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** Fitted below a band of PIN pixels, so the pins of the topmost points stay whole. */
function fit(points: Point[]): View {
  const view = fitView(points, WIDTH, HEIGHT - PIN, PADDING);
  return { ...view, height: HEIGHT, origin: { x: view.origin.x, y: view.origin.y - PIN / 2 ** view.zoom } };
}

function inside(view: View, point: Point, margin: number): boolean {
  const { x, y } = project(view, point);
  return x >= margin && y >= margin && x <= view.width - margin && y <= view.height - margin;
}

function Pin({ className, glyph }: { className: string; glyph: string }) {
  return (
    <g className={className}>
      <path d="M0 0C-4-10-16-16-16-28A16 16 0 0 1 16-28C16-16 4-10 0 0Z" className={styles.pinBody} />
      <g transform="translate(0 -28)">
        <path d={glyph} className={styles.pinGlyph} />
      </g>
    </g>
  );
}
