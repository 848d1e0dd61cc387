// @ts-check
// `node server/precompress.mjs [distDir]`: the build step (package.json `postbuild`, after `next
// build`). Beside every `.js` and `.css` file of at least 1 KB under `.next/static`, a `.br`
// (brotli quality 11, text mode) and a `.gz` (zopfli, the best gzip, through @gfx/zopfli's
// WebAssembly: no native build). A twin that is not smaller than its file is not written.
// Idempotent: a twin newer than its file is kept, so a second run writes nothing; each twin is
// written to a temporary name and renamed, so a stopped build never leaves half a twin. The work
// is spread over worker threads, one per core. The host serves the twins (server/static-twins.mjs);
// the names, threshold and freshness rule both follow are server/twin-files.mjs.
// Twins made are kept by their file's SHA-256 in a cache folder of the machine (NOSH_TWIN_CACHE, by
// default ~/.cache/nosh/twins (under XDG_CACHE_HOME when set); "off" for none), as npm keeps packages: the next build, a fresh clone
// in CI too, copies the twin of a file it has seen (most chunks of a build are the last build's)
// instead of compressing it again (zopfli was 51 s of a 2-core build, 2026-11-30). A cached twin is
// used only when it decodes to the file's bytes; entries unused for 30 days are removed.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";
import { compressible, fresh, MIN_BYTES, statOrNull, TWINS, walk } from "./twin-files.mjs";

/** @import { TwinEncoding } from "./twin-files.mjs" */
/** @typedef {{ file: string, encodings: TwinEncoding[], cacheDir: string | null }} Job */
/** @typedef {{ file: string, written?: [TwinEncoding, number, boolean][], error?: string }} JobResult */

/** @param {Buffer} bytes */
function brotli(bytes) {
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Writes `bytes` at `file` through a temporary name, or removes `file` when they save nothing. @param {string} file @param {Uint8Array} bytes @param {number} sourceSize */
function writeTwin(file, bytes, sourceSize) {
  if (bytes.length >= sourceSize) {
    fs.rmSync(file, { force: true });
    return 0;
  }
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, file);
  return bytes.length;
}

/** How each twin is made (a cache entry's name carries it, so a changed recipe misses), how it is decoded, and how it is made. */
const RECIPES = /** @type {const} */ ({
  br: { name: "br-q11-text", decode: zlib.brotliDecompressSync, make: async (/** @type {Buffer} */ bytes) => brotli(bytes) },
  gzip: {
    name: "gz-zopfli-15",
    decode: zlib.gunzipSync,
    make: async (/** @type {Buffer} */ bytes) => Buffer.from(await (await import("@gfx/zopfli")).gzipAsync(bytes, { numiterations: 15 })),
  },
});

/** The machine's twin cache (NOSH_TWIN_CACHE, "off" for none), or null. @param {Record<string, string | undefined>} [env] */
export function twinCacheDir(env = process.env) {
  const setting = env.NOSH_TWIN_CACHE;
  if (setting === "off") return null;
  return setting || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "nosh", "twins");
}

/** `bytes` in `encoding`: the cached twin when it decodes to them (its time refreshed), else made and cached. @param {Buffer} bytes @param {TwinEncoding} encoding @param {string | null} cacheDir */
async function twinOf(bytes, encoding, cacheDir) {
  const recipe = RECIPES[encoding];
  const entry = cacheDir && path.join(cacheDir, `${createHash("sha256").update(bytes).digest("hex")}.${recipe.name}`);
  if (entry) {
    try {
      const cached = fs.readFileSync(entry);
      if (recipe.decode(cached).equals(bytes)) {
        const now = new Date();
        fs.utimesSync(entry, now, now);
        return { twin: cached, cached: true };
      }
    } catch {
      // not cached, or not a twin of these bytes: made below
    }
  }
  const twin = await recipe.make(bytes);
  if (entry) {
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      writeTwin(entry, twin, Infinity);
    } catch {
      // a cache that cannot be written only costs the next build the compression
    }
  }
  return { twin, cached: false };
}

/** One file's missing twins (in a worker thread): [encoding, bytes written (0: none), from the cache]. @param {string} file @param {TwinEncoding[]} encodings @param {string | null} cacheDir @returns {Promise<[TwinEncoding, number, boolean][]>} */
async function compressFile(file, encodings, cacheDir) {
  const bytes = fs.readFileSync(file);
  /** @type {[TwinEncoding, number, boolean][]} */
  const written = [];
  for (const encoding of encodings) {
    const { twin, cached } = await twinOf(bytes, encoding, cacheDir);
    written.push([encoding, writeTwin(`${file}${TWINS.find(([e]) => e === encoding)?.[1]}`, twin, bytes.length), cached]);
  }
  return written;
}

/** Removes the cache's entries unused for 30 days. @param {string | null} cacheDir */
function pruneCache(cacheDir, now = Date.now()) {
  if (!cacheDir) return;
  for (const name of walk(cacheDir)) {
    const entry = path.join(cacheDir, name);
    if (now - (statOrNull(entry)?.mtimeMs ?? now) > 30 * 86_400_000) fs.rmSync(entry, { force: true });
  }
}

if (!isMainThread && workerData?.nosh === "precompress" && parentPort) {
  const port = parentPort;
  port.on("message", async (/** @type {Job} */ { file, encodings, cacheDir }) => {
    try {
      port.postMessage({ file, written: await compressFile(file, encodings, cacheDir) });
    } catch (error) {
      port.postMessage({ file, error: String((error instanceof Error && error.stack) || error) });
    }
  });
}

/**
 * Writes the missing or outdated twins under `<distDir>/static` and removes those whose file is
 * gone. Returns what it did: { files, written, cached, kept, removed, raw, br, gzip, ms } (bytes:
 * totals over every compressed file, twins kept included; `cached`: twins written from the cache).
 */
export async function precompressStatic(distDir = ".next", { threads = Math.max(1, os.availableParallelism()), cacheDir = twinCacheDir() } = {}) {
  const started = performance.now();
  const root = path.join(distDir, "static");
  const files = walk(root);
  const report = { files: 0, written: 0, cached: 0, kept: 0, removed: 0, raw: 0, br: 0, gzip: 0, ms: 0 };
  const present = new Set(files);
  for (const file of files) {
    const suffix = TWINS.find(([, s]) => file.endsWith(s))?.[1];
    if (suffix && compressible(file.slice(0, -suffix.length)) && !present.has(file.slice(0, -suffix.length))) {
      fs.rmSync(path.join(root, file));
      report.removed++;
    }
  }
  /** @type {(Omit<Job, "cacheDir"> & { size: number })[]} */
  const jobs = [];
  for (const file of files.filter(compressible)) {
    const full = path.join(root, file);
    const source = fs.statSync(full);
    if (source.size < MIN_BYTES) continue;
    report.files++;
    report.raw += source.size;
    /** @type {TwinEncoding[]} */
    const missing = [];
    for (const [encoding, suffix] of TWINS) {
      const twin = statOrNull(full + suffix);
      if (fresh(twin, source)) {
        report.kept++;
        report[encoding] += twin.size;
      } else missing.push(encoding);
    }
    if (missing.length) jobs.push({ file: full, encodings: missing, size: source.size });
  }
  // Largest first, so no thread is left with the framework's biggest chunk at the end.
  jobs.sort((a, b) => b.size - a.size);
  const pool = Array.from({ length: Math.min(threads, jobs.length) }, () => new Worker(new URL(import.meta.url), { workerData: { nosh: "precompress" } }));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          /** @type {Promise<void>} */ (
            new Promise((resolve, reject) => {
              const next = () => {
                const job = jobs.shift();
                if (!job) return resolve();
                worker.postMessage({ file: job.file, encodings: job.encodings, cacheDir });
              };
              worker.on("message", (/** @type {JobResult} */ { file, written, error }) => {
                if (error) return reject(new Error(`${file}: ${error}`));
                for (const [encoding, size, cached] of written ?? []) {
                  report.written += size ? 1 : 0;
                  report.cached += size && cached ? 1 : 0;
                  report[encoding] += size;
                }
                next();
              });
              worker.on("error", reject);
              next();
            })
          ),
      ),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  pruneCache(cacheDir);
  report.ms = Math.round(performance.now() - started);
  return report;
}

// Run as the build step.
if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(path.resolve(process.argv[1]))).href) {
  const distDir = path.resolve(process.argv[2] ?? ".next");
  const report = await precompressStatic(distDir);
  /** @param {number} n */
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(
    `precompress: ${report.files} files of ${path.relative(process.cwd(), path.join(distDir, "static")) || "."} (${kb(report.raw)}): ` +
      `brotli ${kb(report.br)}, gzip (zopfli) ${kb(report.gzip)}; ${report.written} twins written (${report.cached} from the cache), ${report.kept} kept, ${report.removed} removed, in ${(report.ms / 1000).toFixed(1)} s`,
  );
}
