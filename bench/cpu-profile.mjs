// A V8 CPU profile (node --cpu-prof) summarised for `npm run bench -- --profile-page`: CPU by
// area of the code (self time, and total time of the stacks that pass through it) and the top
// functions, in ms of the CPU a page costs. Frames are read through source maps where a file
// has one (`<file>.map`, loaded once per file).

import fs from "node:fs";
import { SourceMap } from "node:module";
import { fmt } from "./report.mjs";

/**
 * Areas of a page's CPU, first match wins, tested on a frame's original source (through the
 * source maps of Next's runtime and of the build's server chunks: `originalFrame`) and its
 * function name. React's server renderer (HTML), its Flight server (the RSC payload) and the
 * Flight client (SSR reads the payload back to render the HTML) are told apart this way.
 */
const PROFILE_AREAS = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["idle", (f) => f.functionName === "(idle)"],
  ["V8/native, unattributed ((program))", (f) => f.functionName === "(program)"],
  ["React: render to HTML (react-dom/server)", (f) => /react-dom-server|react-dom\/server|react-dom\/static/.test(f.source)],
  ["React: RSC payload (Flight server)", (f) => /react-server-dom-[a-z]+-server|react-server-dom-[a-z]+\/server/.test(f.source)],
  ["React: RSC payload read back for SSR (Flight client)", (f) => /react-server-dom-[a-z]+-client|react-server-dom-[a-z]+\/client/.test(f.source)],
  ["React: elements, hooks (react)", (f) => /\/react\/(cjs|index|jsx)/.test(f.source)],
  ["proxy.ts (nonce, policy, session renewal, XSRF cookie)", (f) => /(^|\/)proxy\.ts|lib\/edge\//.test(f.source)],
  ["session (iron-session, lib/server/web/session.ts)", (f) => /iron-session|iron-webcrypto|uncrypto|lib\/server\/session/.test(f.source)],
  ["data (Prisma, SQLite, catalog cache)", (f) => /prisma|better-sqlite3|lib\/server\/(catalog-cache|db|restaurants|menu-items|likes)/.test(f.source)],
  ["gzip (compression of the answer)", (f) => /zlib|compression/.test(f.source) || /zlib|gzip|deflate/i.test(f.functionName)],
  ["Nosh pages and components (app/, components/)", (f) => /(^|\/)(app|components)\//.test(f.source) && !/node_modules/.test(f.source)],
  ["Nosh lib (lib/)", (f) => /(^|\/)lib\//.test(f.source) && !/node_modules/.test(f.source)],
  ["Next.js server (routing, rendering pipeline, streams)", (f) => /next\/|\/next-server\//.test(f.source)],
  ["the host, server/ (shared answers, body cap)", (f) => /(^|\/)server\/[^/]+\.mjs$/.test(f.source)],
  ["Node.js (HTTP, streams, buffers, crypto)", (f) => /^node:|^internal\//.test(f.source)],
  ["other (native frames without a script, microtasks)", () => true],
];

const sourceMaps = new Map();
/** A profile frame with `source`: the original file (through `<file>.map` when there is one), else the frame's URL. */
export function originalFrame(callFrame) {
  const url = callFrame.url ?? "";
  let map = null;
  if (url.startsWith("file://")) {
    const file = url.slice("file://".length);
    if (!sourceMaps.has(file)) {
      let loaded = null;
      try {
        if (fs.existsSync(`${file}.map`)) loaded = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
      } catch {}
      sourceMaps.set(file, loaded);
    }
    map = sourceMaps.get(file);
  }
  const entry = map && callFrame.lineNumber >= 0 ? map.findEntry(callFrame.lineNumber, callFrame.columnNumber) : null;
  const source = (entry?.originalSource ?? url).replace(/^(webpack|turbopack):\/\/\/?/, "").replace(/^\[project\]\//, "");
  return { functionName: callFrame.functionName, source, name: entry?.name ?? callFrame.functionName, line: entry?.originalLine ?? callFrame.lineNumber };
}

export function printProfile(summary) {
  console.log(`${"area".padEnd(60)}self ms/page  self %  total ms/page`);
  for (const a of summary.areas)
    console.log(`${a.area.padEnd(60)}${fmt(a.selfPerPage, 2).padStart(12)}  ${fmt(a.selfShare * 100, 1).padStart(6)}  ${fmt(a.totalPerPage, 2).padStart(13)}`);
  console.log("\ntop functions by self time (ms a page):");
  for (const f of summary.top) console.log(`  ${fmt(f.selfPerPage, 3).padStart(7)}  ${f.name}  ${f.where}`);
}

/**
 * V8 samples the running thread at wall-clock intervals, so on a shared core a sample also covers
 * time the process waited for the core: the shares are the profile's, and the milliseconds are
 * those shares of `cpuPerPage`, the CPU time a page cost by /proc.
 */
export function summariseProfile(profile, windowMs, cpuPerPage) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frames = new Map(profile.nodes.map((n) => [n.id, originalFrame(n.callFrame)]));
  const areaOf = (frame) => PROFILE_AREAS.find(([, test]) => test(frame))[0];
  // Sample times: startTime + cumulative deltas (µs); keep the last `windowMs` before the load ended
  // (the profile ends a moment after it, when the server stops: a second is left out).
  const times = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  const to = profile.endTime - 1_000_000;
  const from = to - windowMs * 1000;
  const self = new Map();
  const total = new Map();
  const fns = new Map();
  let sampledUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    if (times[i] < from || times[i] > to) continue;
    const interval = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i]) || 0;
    const leaf = nodes.get(profile.samples[i]);
    const frame = frames.get(leaf.id);
    const leafArea = areaOf(frame);
    if (leafArea === "idle") continue;
    sampledUs += interval;
    self.set(leafArea, (self.get(leafArea) ?? 0) + interval);
    const key = `${frame.name || frame.functionName || "(anonymous)"}\t${frame.source.replace(/^.*\/node_modules\//, "")}:${frame.line + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + interval);
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) seen.add(areaOf(frames.get(id)));
    for (const area of seen) total.set(area, (total.get(area) ?? 0) + interval);
  }
  const perPage = (us) => (us / Math.max(1, sampledUs)) * cpuPerPage;
  const areas = PROFILE_AREAS.map(([area]) => area)
    .filter((area) => self.has(area) || total.has(area))
    .filter((area) => area !== "idle")
    .map((area) => ({ area, selfPerPage: perPage(self.get(area) ?? 0), selfShare: (self.get(area) ?? 0) / sampledUs, totalPerPage: perPage(total.get(area) ?? 0) }))
    .sort((a, b) => b.selfPerPage - a.selfPerPage);
  const top = [...fns.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([key, us]) => ({ name: key.split("\t")[0], where: key.split("\t")[1], selfPerPage: perPage(us) }));
  return { sampledMs: sampledUs / 1000, areas, top };
}
