import type { Point } from "@/lib/shared/delivery/delivery";

// The zone editor's list of corners (zone-editor.tsx): the keyboard's way to draw a zone, one
// "lat, lng" a line, kept in step with the corners clicked on the map.

/** The corners as the list shows them. */
export const cornersText = (corners: Point[]) => corners.map((c) => `${c.lat}, ${c.lng}`).join("\n");

/** The list read back: the corners, or the first line that is not "lat, lng" (1-based). Blank lines are skipped. */
export function parseCorners(text: string): { corners: Point[] } | { badLine: number } {
  const corners: Point[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const match = /^(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)$/.exec(line);
    const lat = Number(match?.[1]);
    const lng = Number(match?.[2]);
    if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) return { badLine: i + 1 };
    corners.push({ lat, lng });
  }
  return { corners };
}
