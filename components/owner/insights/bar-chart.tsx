import { useId } from "react";
import styles from "./insights.module.css";
import { fill } from "@/lib/shared/words/fill";

export type Bar = { label: string; value: number; text: string };

const WIDTH = 640;
const HEIGHT = 200;
const TOP = 8;
const BOTTOM = 2;

/**
 * A bar chart drawn on the server as SVG: no script. Screen readers get its title and a
 * one-line summary (role="img" with <title> and <desc>), and everyone can open the same numbers
 * as a table under it. `columns` names the table's columns: the bar's label and its value;
 * `scaleMax` fixes the top of the scale (ratings: 5), else the highest bar reaches it.
 */
/** The chart's own words (the catalogue's kitchen.insights.chart): `highest` keeps its {text} and {label}. */
export type ChartWords = { highest: string; nothing: string; table: string };

type ChartProps = { title: string; summary: string; bars: Bar[]; columns: [string, string]; scaleMax?: number; words: ChartWords };

export function BarChart({ title, summary, bars, columns, scaleMax, words }: ChartProps) {
  const id = useId();
  const highest = Math.max(0, ...bars.map((b) => b.value));
  const max = Math.max(highest, scaleMax ?? 0);
  const slot = WIDTH / Math.max(1, bars.length);
  const gap = Math.min(4, slot * 0.2);
  const plot = HEIGHT - TOP - BOTTOM;
  const peak = bars.find((b) => b.value === highest);
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      {/* Read from the SVG's title and desc and from the table: hidden from screen readers here. */}
      <p className={styles.chartNote} aria-hidden="true">
        {peak && highest > 0 ? fill(words.highest, { text: peak.text, label: peak.label }) : words.nothing}
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className={styles.svg}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className={styles.axis} />
        {bars.map((bar, i) => {
          const height = max ? (bar.value / max) * plot : 0;
          return (
            <rect
              key={bar.label}
              x={i * slot + gap / 2}
              y={HEIGHT - BOTTOM - height}
              width={Math.max(1, slot - gap)}
              height={height}
              rx={Math.min(3, slot / 4)}
              className={styles.bar}
            >
              <title>{`${bar.label}: ${bar.text}`}</title>
            </rect>
          );
        })}
      </svg>
      {bars.length > 0 && (
        <p className={styles.axisLabels} aria-hidden="true">
          <span>{bars[0]!.label}</span>
          <span>{bars[bars.length - 1]!.label}</span>
        </p>
      )}
      <details className={styles.details}>
        <summary>{words.table}</summary>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col" className={styles.number}>
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  <td className={styles.number}>{bar.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
