// A V8 CPU profile (node --cpu-prof) summarised for `npm run bench -- --profile-page`: CPU by
// area of the code (self time, and total time of the stacks that pass through it) and the top
// functions, in ms of the CPU a page costs. Frames are read through source maps where a file
// has one (`<file>.map`, loaded once per file). And the rush's worker profile (`--rush`, one
// step's: rush/drive.mjs) by module, self time only (summariseByModule, profileByModule).

import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fmt } from "./report.mjs";
import { BENCH } from "./settings.mjs";

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
  return { functionName: callFrame.functionName, source, url, name: entry?.name ?? callFrame.functionName, line: entry?.originalLine ?? callFrame.lineNumber };
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

/** A native frame: no script behind it (a C++ callback such as a SQLite statement's step, a builtin such as JSON.parse). */
const isNative = (f) => !f.source && !/^\(.*\)$/.test(f.functionName);

/**
 * The modules of the rush worker's main thread, first match wins, on a frame (its original source:
 * originalFrame) and its caller's (`up`: the nearest frame above it with a source). A native frame
 * is its caller's module but for SQLite's statements (called from the driver, Prisma's adapter,
 * the plain SQL layer or the bench's statement counter) and JSON's parse and stringify.
 */
export const MODULES = [
  ["GC", (f) => f.functionName === "(garbage collector)"],
  ["idle", (f) => f.functionName === "(idle)"],
  ["V8 and native, unattributed ((program))", (f) => f.functionName === "(program)"],
  ["the bench's statement counter", (f) => /server\/bench-probes\.mjs/.test(f.source)],
  [
    "SQLite (the statements run)",
    (f, up) =>
      isNative(f) &&
      /^(run|get|all|iterate|exec|prepare|columns|raw|bind)$/.test(f.functionName) &&
      /better-sqlite3|adapter-better-sqlite3|platform\/(sql|prepared-statements|sqlite-transactions)|server\/bench-probes/.test(up.source),
  ],
  ["JSON (parse, stringify)", (f) => isNative(f) && /^(parse|stringify|JSON\.\w+)$/.test(f.functionName)],
  [
    "Prisma's client (its runtime, query compiler, adapters)",
    (f) => /@prisma\/|generated\/prisma|prisma\/client|query_compiler|^wasm:/.test(`${f.source} ${f.url ?? ""}`),
  ],
  ["zod", (f) => /(^|\/)zod\//.test(f.source)],
  [
    "the session (iron-session, crypto)",
    (f) =>
      /iron-session|iron-webcrypto|uncrypto|lib\/edge\/session|lib\/server\/(web\/)?session|platform\/(sealed|session-user)|internal\/crypto|webcrypto/.test(f.source),
  ],
  ["React's render (react-dom/server, RSC)", (f) => /react-dom|react-server-dom|\/react\/(cjs|index|jsx)/.test(f.source)],
  ["Next.js", (f) => /next\/dist|\/next-server\/|(^|\/)next\//.test(`${f.source} ${f.url ?? ""}`)],
  ["the host (server/)", (f) => /(^|\/)server\/.+\.mjs$/.test(f.source) && !/node_modules/.test(f.source)],
  ["Nosh's code (app/, lib/, components/)", (f) => /(^|\/)(app|lib|components)\//.test(f.source) && !/node_modules/.test(`${f.source} ${f.url ?? ""}`)],
  ["compression (zlib)", (f) => /^node:zlib/.test(f.source)],
  ["async hooks (the request's context)", (f) => /^node:(internal\/)?async_hooks/.test(f.source)],
  ["Node (HTTP, sockets, streams, buffers, microtasks)", (f) => /^node:|^internal\//.test(f.source)],
  ["other packages", (f) => /node_modules/.test(`${f.source} ${f.url ?? ""}`)],
  ["other native frames", () => true],
];

const OTHER_NATIVE = MODULES.at(-1)[0];
const classify = (frame, up) => MODULES.find(([, test]) => test(frame, up))[0];

/**
 * The self time of a profile's samples by module (MODULES; idle left out): { sampledMs, modules:
 * [{ module, share }] busiest first, top: the 15 functions with the most self time [{ name, where, share }] }.
 */
export function summariseByModule(profile) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frames = new Map(profile.nodes.map((n) => [n.id, originalFrame(n.callFrame)]));
  const caller = (id) => {
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) if (frames.get(at).source) return frames.get(at);
    return { source: "", functionName: "" };
  };
  const moduleOf = new Map();
  const self = new Map();
  const fns = new Map();
  let sampledUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    if (!moduleOf.has(id)) {
      const up = caller(id);
      const own = classify(frames.get(id), up);
      // A native frame neither SQLite's nor JSON's: its caller's module.
      moduleOf.set(id, own === OTHER_NATIVE && up.source ? classify(up, { source: "", functionName: "" }) : own);
    }
    const bucket = moduleOf.get(id);
    if (bucket === "idle") continue;
    const us = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i]) || 0;
    sampledUs += us;
    self.set(bucket, (self.get(bucket) ?? 0) + us);
    const f = frames.get(id);
    const key = `${f.name || f.functionName || "(anonymous)"}\t${(f.source || caller(id).source).replace(/^.*\/node_modules\//, "")}${f.source ? `:${f.line + 1}` : " (native)"}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const share = (us) => (sampledUs ? us / sampledUs : 0);
  return {
    sampledMs: sampledUs / 1000,
    modules: [...self.entries()].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ module: name, share: share(us) })),
    top: [...fns.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([key, us]) => ({ name: key.split("\t")[0], where: key.split("\t")[1], share: share(us) })),
  };
}

/**
 * The rush's worker profile (`file`, taken over `window`: { seconds, mainMs, cpuMs }) by module,
 * each share turned into ms of the main thread's CPU a second (its /proc figure over the same
 * seconds: the profiler samples wall time, so a share is of the time the thread ran). The profile is
 * copied to bench/results/rush-profile-<date>.cpuprofile (to open in Chrome's DevTools).
 */
export function profileByModule(file, window) {
  const summary = summariseByModule(JSON.parse(fs.readFileSync(file, "utf8")));
  const kept = path.join(BENCH, "results", `rush-profile-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.copyFileSync(file, kept);
  const mainPerSecond = window.mainMs / window.seconds;
  const perSecond = (share) => share * mainPerSecond;
  return {
    file: path.relative(path.dirname(BENCH), kept),
    seconds: window.seconds,
    mainShare: mainPerSecond / 1000,
    helpersShare: (window.cpuMs - window.mainMs) / window.seconds / 1000,
    modules: summary.modules.map((m) => ({ ...m, msPerSecond: perSecond(m.share) })),
    top: summary.top.map((f) => ({ ...f, msPerSecond: perSecond(f.share) })),
  };
}

/** The profile's lines in the rush's step (profileByModule's summary). */
export function printProfileByModule(p) {
  console.log(
    `  the worker's main thread by self time (its profile over the last ${fmt(p.seconds)} s of the paced seconds: the main thread at ${fmt(p.mainShare * 100)}% of a core, helper threads ${fmt(p.helpersShare * 100)}%; ${p.file}):`,
  );
  for (const m of p.modules) console.log(`    ${fmt(m.share * 100, 1).padStart(5)}%  ${fmt(m.msPerSecond).padStart(4)} ms a second  ${m.module}`);
  console.log("    top functions by self time:");
  for (const f of p.top.slice(0, 10)) console.log(`    ${fmt(f.share * 100, 1).padStart(5)}%  ${f.name}  ${f.where}`);
}
