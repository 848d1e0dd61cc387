// The build's JavaScript and CSS, compressed once at build time instead of per request
// (docs/log/performance.md "Page performance", docs/deploying.md "What the build writes").
//
// Both ends of one contract live here, beside server.mjs, as plain Node ESM: the build step
// (`npm run build` runs `node precompress.mjs` after `next build`) writes the twins, and
// server.mjs imports staticTwins() at run time to serve them, without Next.js's bundler or
// TypeScript in between (server.mjs is not compiled). One file keeps the names, the size
// threshold and the freshness rule the same on both sides.
//
// - Build: beside every `.js` and `.css` file of at least 1 KB under `.next/static`, a `.br`
//   (brotli quality 11, text mode) and a `.gz` (zopfli, the best gzip, through @gfx/zopfli's
//   WebAssembly: no native build). A twin that is not smaller than its file is not written.
//   Idempotent: a twin newer than its file is kept, so a second run writes nothing; each
//   twin is written to a temporary name and renamed, so a stopped build never leaves half a
//   twin. The work is spread over worker threads, one per core.
// - Serve: staticTwins() indexes the twins once, at worker start (a Map from URL path to the
//   bytes, kept in memory: about 0.9 MB for the whole build), with the headers Next.js sends
//   for the file itself (read from the build's manifests the way Next.js's router applies
//   them, see staticHeaders). A request is only ever looked up in that Map: no path from a
//   request reaches the file system.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";

/** The files compressed, with the Content-Type Next.js (its `send`) answers them with. */
export const CONTENT_TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };
/** Smaller files are left alone: Next.js does not compress them either (its `compression` threshold). */
export const MIN_BYTES = 1024;
/** Each encoding's twin, by suffix, in the server's order of preference. */
export const TWINS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];
/** How Next.js's router answers `/_next/static/*` files (node_modules/next/dist/server/lib/router-server.js). */
const NEXT_CACHE_CONTROL = "public, max-age=31536000, immutable";
const URL_PREFIX = "/_next/static/";

/** Every file under `dir`, as paths relative to it. */
const walk = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : []);

const compressible = (file) => Object.hasOwn(CONTENT_TYPES, path.extname(file));

/** A twin counts only when written after its file (a rebuilt file with an old twin is never served). */
const fresh = (twin, source) => twin !== null && twin.mtimeMs >= source.mtimeMs;
const statOrNull = (file) => fs.statSync(file, { throwIfNoEntry: false }) ?? null;

// ---------------------------------------------------------------------------------------------
// The build step.

function brotli(bytes) {
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Writes `bytes` at `file` through a temporary name, or removes `file` when they save nothing. */
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

/** One file's missing twins (in a worker thread): [encoding, bytes written][]. */
async function compressFile(file, encodings) {
  const bytes = fs.readFileSync(file);
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

if (!isMainThread && workerData?.nosh === "precompress") {
  parentPort.on("message", async ({ file, encodings }) => {
    try {
      parentPort.postMessage({ file, written: await compressFile(file, encodings) });
    } catch (error) {
      parentPort.postMessage({ file, error: String(error?.stack ?? error) });
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
  const jobs = [];
  for (const file of files.filter(compressible)) {
    const full = path.join(root, file);
    const source = fs.statSync(full);
    if (source.size < MIN_BYTES) continue;
    report.files++;
    report.raw += source.size;
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
          new Promise((resolve, reject) => {
            const next = () => {
              const job = jobs.shift();
              if (!job) return resolve();
              worker.postMessage({ file: job.file, encodings: job.encodings });
            };
            worker.on("message", ({ file, written, error }) => {
              if (error) return reject(new Error(`${file}: ${error}`));
              for (const [encoding, size] of written) {
                report.written += size ? 1 : 0;
                report[encoding] += size;
              }
              next();
            });
            worker.on("error", reject);
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** The sizes of the twins of `file` (a path) that count (fresh): { br?, gzip? } in bytes. */
export function twinSizes(file) {
  const source = statOrNull(file);
  const sizes = {};
  if (!source) return sizes;
  for (const [encoding, suffix] of TWINS) {
    const twin = statOrNull(file + suffix);
    if (fresh(twin, source)) sizes[encoding] = twin.size;
  }
  return sizes;
}

// ---------------------------------------------------------------------------------------------
// Serving.

const readJson = (file, fallback) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return fallback;
  }
};

/**
 * What Next.js's router does before it serves a `/_next/static` file, from the build's manifests
 * (node_modules/next/dist/server/lib/router-utils/resolve-routes.js): the `headers()` of
 * next.config.mjs whose source matches, then the router's Cache-Control, then `send`'s
 * Content-Type, Last-Modified and ETag, each only when no rule set it. Returns null for a path
 * whose answer could depend on the request (a rule with `has`/`missing` or with parameters in a
 * header, a redirect, a rewrite before files, the proxy's matcher): Next.js answers those.
 */
export function staticHeaders(distDir) {
  const routes = readJson(path.join(distDir, "routes-manifest.json"), null);
  if (!routes) return null;
  const config = readJson(path.join(distDir, "required-server-files.json"), {}).config ?? {};
  const flags = routes.caseSensitive ? "" : "i";
  const compile = (rules = []) => rules.map((rule) => ({ ...rule, pattern: new RegExp(rule.regex, flags) }));
  const headerRules = compile(routes.headers);
  const redirects = compile(routes.redirects);
  const beforeFiles = compile(Array.isArray(routes.rewrites) ? routes.rewrites : routes.rewrites?.beforeFiles);
  const proxyMatchers = [
    ...Object.values(readJson(path.join(distDir, "server", "functions-config-manifest.json"), {}).functions ?? {}),
    ...Object.values(readJson(path.join(distDir, "server", "middleware-manifest.json"), {}).middleware ?? {}),
  ].flatMap((fn) => (fn.matchers ?? []).map((m) => new RegExp(m.regexp)));
  const generateEtags = config.generateEtags !== false;

  return (urlPath, stat, contentType) => {
    if ([...redirects, ...beforeFiles].some((rule) => rule.pattern.test(urlPath)) || proxyMatchers.some((m) => m.test(urlPath))) return null;
    // Names as Next.js writes them; a later rule replaces an earlier one's value, whatever its case.
    const headers = new Map();
    const set = (name, value) => headers.set(name.toLowerCase(), [name, value]);
    const setUnlessSet = (name, value) => headers.has(name.toLowerCase()) || set(name, value);
    for (const rule of headerRules) {
      if (!rule.pattern.test(urlPath)) continue;
      if (rule.has || rule.missing) return null;
      for (const { key, value } of rule.headers) {
        if (/:[A-Za-z_]/.test(key + value) && /:\w/.test(rule.source)) return null;
        if (key.toLowerCase() === "set-cookie") return null;
        set(key, value);
      }
    }
    setUnlessSet("Cache-Control", NEXT_CACHE_CONTROL);
    setUnlessSet("Last-Modified", stat.mtime.toUTCString());
    if (generateEtags) setUnlessSet("ETag", `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`);
    setUnlessSet("Content-Type", contentType);
    return Object.fromEntries(headers.values());
  };
}

/**
 * The twins of the build in `distDir`, read once: a Map from URL path (`/_next/static/...`) to
 * { headers, br?, gzip? } (the bytes as Buffers). Files whose twin is older than them, or whose
 * answer Next.js could make depend on the request (staticHeaders), are left out.
 */
export function staticTwins(distDir = ".next") {
  const index = new Map();
  const headersFor = staticHeaders(distDir);
  if (!headersFor) return index;
  const root = path.join(distDir, "static");
  for (const file of walk(root).filter(compressible)) {
    const full = path.join(root, file);
    const source = fs.statSync(full);
    const entry = {};
    for (const [encoding, suffix] of TWINS) {
      if (fresh(statOrNull(full + suffix), source)) entry[encoding] = fs.readFileSync(full + suffix);
    }
    if (!entry.br && !entry.gzip) continue;
    const urlPath = URL_PREFIX + file.split(path.sep).join("/");
    const headers = headersFor(urlPath, source, CONTENT_TYPES[path.extname(file)]);
    if (headers) index.set(urlPath, { headers, ...entry });
  }
  return index;
}

/**
 * The coding to answer with, of `offered` (in the server's order of preference), per an
 * Accept-Encoding header (RFC 9110 12.5.3): the highest weight wins, ties going to the earlier
 * offer; `q=0` refuses a coding, `*` stands for every coding not named. null: none of them (no
 * header, all refused, or `identity` weighted above them).
 */
export function chooseEncoding(header, offered) {
  if (!header) return null;
  const weights = new Map();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.split(";");
    let coding = name.trim().toLowerCase();
    if (!coding) continue;
    if (coding === "x-gzip") coding = "gzip";
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(coding, Number.isFinite(q) ? Math.min(q, 1) : 0);
  }
  // Unnamed, identity weighs as little as the least wanted coding named (as Next.js's negotiator has it).
  const unnamedIdentity = weights.size ? Math.min(...weights.values()) : 1;
  const weightOf = (coding) => weights.get(coding) ?? weights.get("*") ?? (coding === "identity" ? unnamedIdentity : 0);
  let best = null;
  for (const coding of offered) if (weightOf(coding) > 0 && (best === null || weightOf(coding) > weightOf(best))) best = coding;
  return best !== null && weightOf(best) >= weightOf("identity") ? best : null;
}

/** Requests Next.js answers: partial and conditional ones (its `send` handles Range, 304 and 412). */
const LEFT_TO_NEXT = ["range", "if-range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

/**
 * The pre-compressed answer to `req` from `index` (staticTwins), or null when Next.js answers it:
 * not a GET or HEAD, not a `/_next/static` twin, partial or conditional, or no twin the client
 * accepts. The URL path is decoded once; one with a `..` or `.` segment, an encoded slash or
 * backslash, a backslash or a NUL is never looked up.
 */
export function twinAnswer(index, req) {
  if (index.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return null;
  const url = req.url ?? "";
  if (!url.startsWith(URL_PREFIX)) return null;
  if (LEFT_TO_NEXT.some((name) => req.headers[name] !== undefined)) return null;
  const rawPath = url.split(/[?#]/, 1)[0];
  if (/%(?:2f|5c|00)/i.test(rawPath)) return null;
  let urlPath;
  try {
    urlPath = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (/[\\\0]/.test(urlPath) || urlPath.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  const entry = index.get(urlPath);
  if (!entry) return null;
  const encoding = chooseEncoding(
    req.headers["accept-encoding"],
    TWINS.map(([name]) => name).filter((name) => entry[name]),
  );
  if (!encoding) return null;
  const body = entry[encoding];
  return { body, headers: { ...entry.headers, "Content-Length": body.length, Vary: "Accept-Encoding", "Content-Encoding": encoding } };
}

// `node precompress.mjs [distDir]`: the build step (package.json `postbuild`).
if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(path.resolve(process.argv[1]))).href) {
  const distDir = path.resolve(process.argv[2] ?? ".next");
  const report = await precompressStatic(distDir);
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(
    `precompress: ${report.files} files of ${path.relative(process.cwd(), path.join(distDir, "static")) || "."} (${kb(report.raw)}): ` +
      `brotli ${kb(report.br)}, gzip (zopfli) ${kb(report.gzip)}; ${report.written} twins written, ${report.kept} kept, ${report.removed} removed, in ${(report.ms / 1000).toFixed(1)} s`,
  );
}
