// @ts-check
// The build's JavaScript and CSS, compressed once at build time instead of per request
// (docs/log/performance.md "Page performance", docs/deploying.md "What the build writes").
// Both ends of one contract read this file: the build step that writes the twins
// (server/precompress.mjs, run after `next build`) and the host that serves them
// (server/static-twins.mjs). It keeps the names, the size threshold and the freshness rule the
// same on both sides; bench/first-load-js.mjs reads the twins' sizes through it too.
import fs from "node:fs";
import path from "node:path";

/** The files compressed, with the Content-Type Next.js (its `send`) answers them with. @type {Record<string, string>} */
export const CONTENT_TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };
/** Smaller files are left alone: Next.js does not compress them either (its `compression` threshold). */
export const MIN_BYTES = 1024;
/** @typedef {"br" | "gzip"} TwinEncoding */
/** Each encoding's twin, by suffix, in the server's order of preference. @type {[TwinEncoding, string][]} */
export const TWINS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/** Every file under `dir`, as paths relative to it. @param {string} dir */
export const walk = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : [];

/** @param {string} file */
export const compressible = (file) => Object.hasOwn(CONTENT_TYPES, path.extname(file));

/**
 * A twin counts only when written after its file (a rebuilt file with an old twin is never served).
 * @param {fs.Stats | null} twin @param {fs.Stats} source @returns {twin is fs.Stats}
 */
export const fresh = (twin, source) => twin !== null && twin.mtimeMs >= source.mtimeMs;
/** @param {string} file */
export const statOrNull = (file) => fs.statSync(file, { throwIfNoEntry: false }) ?? null;

/** The sizes of the twins of `file` (a path) that count (fresh): { br?, gzip? } in bytes. @param {string} file */
export function twinSizes(file) {
  const source = statOrNull(file);
  /** @type {Partial<Record<TwinEncoding, number>>} */
  const sizes = {};
  if (!source) return sizes;
  for (const [encoding, suffix] of TWINS) {
    const twin = statOrNull(file + suffix);
    if (fresh(twin, source)) sizes[encoding] = twin.size;
  }
  return sizes;
}
