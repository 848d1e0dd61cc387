import { useId } from "react";
import { tilesFor, type View } from "./projection";
import styles from "./map-ground.module.css";

/**
 * The ground under a map's pins (the delivery map, the address pin, the zone editor): a street
 * grid fixed to the world, so a refitted view moves it with the pins, and the map tiles over it
 * where a tile server is set. Drawn inside the map's <svg> of `width` by `height`.
 */
export function MapGround({ view, width, height, tileUrl }: { view: View; width: number; height: number; tileUrl?: string | null }) {
  const patternId = useId();
  const shift = { x: -(view.origin.x * 2 ** view.zoom) % 96, y: -(view.origin.y * 2 ** view.zoom) % 96 };
  return (
    <>
      <defs>
        <pattern id={patternId} width="96" height="96" patternUnits="userSpaceOnUse" x={shift.x} y={shift.y}>
          <rect width="96" height="96" className={styles.land} />
          <path d="M0 24H96M0 72H96M24 0V96M72 0V96" className={styles.lane} />
          <path d="M0 48H96M48 0V96" className={styles.street} />
        </pattern>
      </defs>
      <rect width={width} height={height} fill={`url(#${patternId})`} />
      {tileUrl && (
        <g aria-hidden="true">
          {tilesFor(view, tileUrl).map((tile) => (
            <image key={tile.key} href={tile.url} x={tile.x} y={tile.y} width={tile.size + 0.5} height={tile.size + 0.5} preserveAspectRatio="none" />
          ))}
        </g>
      )}
    </>
  );
}

/** The scale bar in the map's bottom corner: `px` long, saying `label` (the map is `height` tall). */
export function MapScale({ height, px, label }: { height: number; px: number; label: string }) {
  return (
    <g transform={`translate(14 ${height - 14})`}>
      <rect x="-6" y="-22" width={Math.max(px, 44) + 12} height="32" rx="6" className={styles.scaleBack} />
      <path d={`M0 -4V4H${px}V-4`} className={styles.scaleBar} />
      <text x="0" y="-9" className={styles.scaleText}>
        {label}
      </text>
    </g>
  );
}
