// What `npm run bench` prints and keeps: numbers formatted, aligned tables, the machine a run
// ran on, and bench/results/<prefix><date>.json.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { START_ENV, START_NODE_FLAGS, hasTaskset } from "./servers.mjs";
import { BENCH, ROOT } from "./settings.mjs";

export const fmt = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? "-" : n.toFixed(digits));

/** The machine, the software and the commit of a run (the load average when it ended). */
export function machine() {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  return {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    next: JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")).version,
    commit,
    pinned: hasTaskset() ? "servers on core 0, load on core 1" : "not pinned (no taskset or fewer than 2 cores)",
    noshNodeFlags: [...Object.entries(START_ENV).map(([k, v]) => `${k}=${v}`), ...START_NODE_FLAGS].join(" ") || "none",
    /** 1, 5 and 15 minutes, when the run ended: a shared machine's other work shows here. */
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
}

/** The short machine line most scenarios print above their results. */
export const machineLine = (info) => `${info.cpu}, ${info.cores} cores, Node ${info.node}, ${info.pinned}, commit ${info.commit}`;

/**
 * Prints `lines` (arrays of strings) under `header`, each column as wide as its widest cell:
 * text columns (`isText(i)`) padded on the right, numbers on the left.
 */
export function printColumns(header, lines, isText) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cols) => cols.map((c, i) => (isText(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(line(l));
}

/**
 * The endpoint table of a scale (pages and reads, or search): every row with its CPU per request
 * beside its throughput, its ratios and its target: met, MISSED, or "machine busy: not judged".
 */
export function printTable(rows, withScaleRatio) {
  const header = [
    "endpoint",
    "KB html/sent",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "ms CPU/req",
    "x bare",
    "bare is",
    "x bare by CPU",
    "x static page",
    ...(withScaleRatio ? ["p50 / scale 1"] : []),
    "target",
    "",
  ];
  const lines = rows.map((r) => [
    r.name,
    r.bytes === undefined ? "-" : `${fmt(r.bytes / 1024, 1)}/${fmt(r.wireBytes / 1024, 1)}`,
    fmt(r.requestsPerSec),
    fmt(r.p50),
    fmt(r.p99),
    String(r.errors),
    r.cpuPerRequest === undefined ? "-" : fmt(r.cpuPerRequest, 2),
    // A checkout's ratio is by CPU per checkout (lower is better): over the bare POST twin's, or the one-call checkout's.
    fmt(r.ratio ?? r.cpuOverBare ?? r.cpuOverOneCall, 2),
    r.checkout ? `${r.versus} (CPU)` : (r.versus ?? "-"),
    r.cpuRatio == null ? "-" : fmt(r.cpuRatio, 2),
    r.ratioStatic == null ? "-" : fmt(r.ratioStatic, 2),
    ...(withScaleRatio ? [r.p50VsScale1 == null ? "-" : `${fmt(r.p50VsScale1, 2)} ${r.p50VsScale1Met ? "met" : "MISSED"}`] : []),
    r.target ?? "",
    r.verdict ?? (r.met ? "met" : "MISSED"),
  ]);
  const textCols = new Set([0, 8, header.length - 2, header.length - 1]);
  printColumns(header, lines, (i) => textCols.has(i));
}

/** Writes `results` to bench/results/<prefix><results.date>.json and says so. */
export function writeResults(results, prefix = "") {
  const outDir = path.join(BENCH, "results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${prefix}${results.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}
