// @ts-check
// `node server/precompress.mjs [distDir]`: the build step (package.json `postbuild`, after `next
// build`). Beside every `.js` and `.css` file of at least 1 KB under `.next/static`, a `.br`
// (brotli quality 11, text mode) and a `.gz` (zopfli, the best gzip, through @gfx/zopfli's
// WebAssembly: no native build). A twin that is not smaller than its file is not written.
// Idempotent: a twin newer than its file is kept, so a second run writes nothing; each twin is
// written to a temporary name and renamed, so a stopped build never leaves half a twin. The work
// is spread over worker threads, one per core. The host serves the twins (server/static-twins.mjs);
// the names, threshold and freshness rule both follow are server/twin-files.mjs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";
import { compressible, fresh, MIN_BYTES, statOrNull, TWINS, walk } from "./twin-files.mjs";

/** @import { TwinEncoding } from "./twin-files.mjs" */
/** @typedef {{ file: string, encodings: TwinEncoding[] }} Job */
/** @typedef {{ file: string, written?: [TwinEncoding, number][], error?: string }} JobResult */

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

/** One file's missing twins (in a worker thread). @param {string} file @param {TwinEncoding[]} encodings @returns {Promise<[TwinEncoding, number][]>} */
async function compressFile(file, encodings) {
  const bytes = fs.readFileSync(file);
  /** @type {[TwinEncoding, number][]} */
  const written = [];
  for (const encoding of encodings) {
    if (encoding === "br") written.push(["br", writeTwin(`${file}.br`, brotli(bytes), bytes.length)]);
    if (encoding === "gzip") {
      const { gzipAsync } = await import("@gfx/zopfli");
      written.push(["gzip", writeTwin(`${file}.gz`, Buffer.from(await gzipAsync(bytes, { numiterations: 15 })), bytes.length)]);
    }
  }
  return written;
}

if (!isMainThread && workerData?.nosh === "precompress" && parentPort) {
  const port = parentPort;
  port.on("message", async (/** @type {Job} */ { file, encodings }) => {
    try {
      port.postMessage({ file, written: await compressFile(file, encodings) });
    } catch (error) {
      port.postMessage({ file, error: String((error instanceof Error && error.stack) || error) });
    }
  });
}

/**
 * Writes the missing or outdated twins under `<distDir>/static` and removes those whose file is
 * gone. Returns what it did: { files, written, kept, removed, raw, br, gzip, ms } (bytes: totals
 * over every compressed file, twins kept included).
 */
export async function precompressStatic(distDir = ".next", { threads = Math.max(1, os.availableParallelism()) } = {}) {
  const started = performance.now();
  const root = path.join(distDir, "static");
  const files = walk(root);
  const report = { files: 0, written: 0, kept: 0, removed: 0, raw: 0, br: 0, gzip: 0, ms: 0 };
  const present = new Set(files);
  for (const file of files) {
    const suffix = TWINS.find(([, s]) => file.endsWith(s))?.[1];
    if (suffix && compressible(file.slice(0, -suffix.length)) && !present.has(file.slice(0, -suffix.length))) {
      fs.rmSync(path.join(root, file));
      report.removed++;
    }
  }
  /** @type {(Job & { size: number })[]} */
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
                worker.postMessage({ file: job.file, encodings: job.encodings });
              };
              worker.on("message", (/** @type {JobResult} */ { file, written, error }) => {
                if (error) return reject(new Error(`${file}: ${error}`));
                for (const [encoding, size] of written ?? []) {
                  report.written += size ? 1 : 0;
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
      `brotli ${kb(report.br)}, gzip (zopfli) ${kb(report.gzip)}; ${report.written} twins written, ${report.kept} kept, ${report.removed} removed, in ${(report.ms / 1000).toFixed(1)} s`,
  );
}
