// `npm run profile:browser -- <url>`: where a page's JavaScript spends the main thread while it
// loads in the browser. Chromium (system, headless) opens the page at the phone screen Lighthouse's
// mobile preset emulates, unthrottled, with V8's sampling profiler on from the navigation until
// 2.5 s after the load event; the average of BROWSER_PROFILE_RUNS (default 3) fresh browser
// contexts is printed as self time by source file, self time by function and inclusive time by
// function (the React work loops, module instantiation, a component's effects).
//
// With a build made by `NOSH_BROWSER_SOURCE_MAPS=1 npm run build` (next.config.mjs then writes
// browser source maps), every frame is mapped to its original file, line and name
// (react-dom-client.production.js's renderRootSync, build-base.ts's instantiateModule, our
// components); without maps, names are the minified ones. The maps are read from the build in
// BROWSER_PROFILE_DIR (default: this checkout). Serve that build first (`npm start`).
//
// What it showed (docs/log/performance.md, "Work after hydration"): store updates after hydration
// rendered in one blocking task; module instantiation and hydration are the rest.
//
// BROWSER_PROFILE_CPU=4 slows the CPU as Lighthouse's mobile preset does; the main thread's busy
// stretches (samples with no idle gap over 2 ms) longer than 50 ms are then listed as "long
// tasks", each with the functions it spent most of its time in (inclusive). A URL ending in
// /checkout is opened as the demo customer with a fresh order in the cart (bench/lighthouse-session.mjs).
//
//   NOSH_BROWSER_SOURCE_MAPS=1 npm run build && npm start &
//   npm run profile:browser -- http://127.0.0.1:3000/home

import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";
import { SourceMapConsumer } from "source-map-js";
import { openCheckout, signIn } from "./lighthouse-session.mjs";

const url = process.argv[2];
if (!url) {
  console.error("usage: npm run profile:browser -- <url of a page served by `npm start`>");
  process.exit(2);
}
const RUNS = Number(process.env.BROWSER_PROFILE_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.BROWSER_PROFILE_CPU ?? 1);
const LONG_TASK_MS = 50;
const APP_DIR = path.resolve(process.env.BROWSER_PROFILE_DIR ?? path.join(import.meta.dirname, ".."));
const CHUNKS = path.join(APP_DIR, ".next/static/chunks");
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Lighthouse's mobile preset (a Moto G Power), as bench/lighthouse.mjs's VIEWPORTS. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** A chunk's source map (its name is in the chunk's sourceMappingURL comment), or null. */
const maps = new Map();
function mapOf(chunk) {
  if (!maps.has(chunk)) {
    let consumer = null;
    try {
      const source = fs.readFileSync(path.join(CHUNKS, chunk), "utf8");
      const name = /sourceMappingURL=(\S+)\s*$/.exec(source)?.[1];
      if (name) consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(CHUNKS, name), "utf8")));
    } catch {
      // Another build, or none: the frame keeps its minified name.
    }
    maps.set(chunk, consumer);
  }
  return maps.get(chunk);
}

/** A profile frame as { file, name }: its original source through the map when there is one. */
function frameOf({ url: scriptUrl, functionName, lineNumber, columnNumber }) {
  const chunk = /\/_next\/static\/chunks\/([^?#]+\.js)/.exec(scriptUrl)?.[1];
  if (!chunk) return { file: scriptUrl ? scriptUrl.split("/").pop() : functionName || "(native)", name: functionName || "(anonymous)" };
  const position = mapOf(chunk)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (!position?.source) return { file: chunk, name: `${functionName || "(anonymous)"}@${chunk}` };
  const file = position.source.replace(/^.*node_modules\//, "").replace(/^.*\[project\]\//, "");
  return { file, name: `${position.name || functionName || "(anonymous)"}@${file.split("/").pop()}:${position.line}` };
}

const selfByFile = {};
const selfByName = {};
const inclusive = {};
const add = (table, key, ms) => (table[key] = (table[key] ?? 0) + ms);

const longTasks = [];
const base = new URL(url).origin;
/** The first restaurant of the catalog, whose dishes go in the cart (as bench/lighthouse.mjs). */
const firstRestaurant = async () => {
  const list = await fetch(`${base}/api/restaurants/?limit=1`).then((r) => r.json());
  return (list.restaurants ?? list)[0].id;
};
const checkout = new URL(url).pathname === "/checkout" ? { session: await signIn(base), restaurantId: await firstRestaurant() } : null;
const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.emulate({
      viewport: PHONE,
      userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36",
    });
    if (checkout) await openCheckout(page, base, checkout.session, checkout.restaurantId);
    const cdp = await page.createCDPSession();
    if (CPU_SLOWDOWN > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const { profile } = await cdp.send("Profiler.stop");
    await context.close();

    const frames = new Map(profile.nodes.map((node) => [node.id, frameOf(node.callFrame)]));
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    // Busy stretches: consecutive non-idle samples, split by an idle gap over 2 ms.
    let at = 0; // ms since the profile's start
    let task = null;
    const endTask = () => {
      if (task && task.ms >= LONG_TASK_MS) longTasks.push({ run: run + 1, ...task });
      task = null;
    };
    profile.samples.forEach((id, index) => {
      const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
      at += (profile.timeDeltas[index] ?? 0) / 1000;
      const idle = ["(idle)", "(program)"].includes(frames.get(id).name);
      if (idle) {
        if (task && at - task.lastBusy > 2) endTask();
        return;
      }
      if (!task) task = { startMs: at, ms: 0, lastBusy: at, functions: {}, ours: {} };
      task.ms += delta;
      task.lastBusy = at + delta;
      const seen = new Set();
      for (let node = id; node !== undefined; node = parent.get(node)) {
        const { file, name: key } = frames.get(node);
        if (!seen.has(key)) add(/^(app|components|lib)\//.test(file) ? task.ours : task.functions, key, delta);
        seen.add(key);
      }
    });
    endTask();
    profile.samples.forEach((id, index) => {
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000 / RUNS;
      const { file, name } = frames.get(id);
      add(selfByFile, file, ms);
      add(selfByName, name, ms);
      // Inclusive: each function once per sample, however deep it recurses.
      const seen = new Set();
      for (let node = id; node !== undefined; node = parent.get(node)) {
        const key = frames.get(node).name;
        if (!seen.has(key)) add(inclusive, key, ms);
        seen.add(key);
      }
    });
  }
} finally {
  await browser.close();
}

const mapped = [...maps.values()].some(Boolean);
const table = (title, rows, count) => {
  console.log(`\n${title}`);
  for (const [key, ms] of Object.entries(rows)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count))
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
};
console.log(
  `${url}: main-thread CPU per load, mean of ${RUNS} (phone screen, ${CPU_SLOWDOWN > 1 ? `CPU slowed ${CPU_SLOWDOWN}x` : "unthrottled"})${mapped ? "" : "; no source maps found (NOSH_BROWSER_SOURCE_MAPS=1 npm run build)"}`,
);
table("Self time by file", selfByFile, 20);
table("Self time by function", selfByName, 25);
table("Inclusive time by function", inclusive, 40);
if (CPU_SLOWDOWN > 1) {
  console.log(`\nBusy stretches over ${LONG_TASK_MS} ms at ${CPU_SLOWDOWN}x (run, start after the profile's start, length; its heaviest functions, inclusive):`);
  for (const t of longTasks) {
    const top = (functions, count) =>
      Object.entries(functions)
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
    console.log(`run ${t.run} at ${t.startMs.toFixed(0)} ms: ${t.ms.toFixed(0)} ms\n    ${top(t.functions, 10).join("\n    ")}\n  ours: ${top(t.ours, 12).join(", ")}`);
  }
}
