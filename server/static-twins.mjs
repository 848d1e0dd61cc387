// @ts-check
// `/_next/static` JavaScript and CSS are answered here, from the brotli and zopfli twins the build
// wrote beside them (server/precompress.mjs), with the headers Next.js sends for the file itself:
// Next.js would gzip them at level 6 on every request. Anything else there (no twin the client
// accepts, Range, conditional requests, a path that is not a twin's) goes to Next.js as before.
// staticTwins() indexes the twins once, at worker start (a Map from URL path to the bytes, kept
// in memory: about 0.9 MB for the whole build), with the headers Next.js sends for the file
// itself (read from the build's manifests the way Next.js's router applies them, see
// staticHeaders). A request is only ever looked up in that Map: no path from a request reaches
// the file system. Under `npm run dev` there is no index (server/worker.mjs): the build in .next
// is not the one being served, and Next.js compresses its development files itself.
import fs from "node:fs";
import path from "node:path";
import { chooseEncoding } from "./accept-encoding.mjs";
import { compressible, CONTENT_TYPES, fresh, statOrNull, TWINS, walk } from "./twin-files.mjs";

/** @import { IncomingHttpHeaders } from "node:http" */
/** @import { TwinEncoding } from "./twin-files.mjs" */
/** @typedef {Record<string, string>} HeaderRecord */
/** @typedef {{ headers: HeaderRecord } & Partial<Record<TwinEncoding, Buffer>>} TwinEntry */
/** @typedef {Map<string, TwinEntry>} TwinIndex */
/** @typedef {{ regex: string, source?: string, has?: unknown, missing?: unknown, headers?: { key: string, value: string }[] }} RouteRule */

/** How Next.js's router answers `/_next/static/*` files (node_modules/next/dist/server/lib/router-server.js). */
const NEXT_CACHE_CONTROL = "public, max-age=31536000, immutable";
const URL_PREFIX = "/_next/static/";

/** A manifest's JSON (Next.js's shapes, untyped: read as its router reads them), or `fallback`. @param {string} file @param {unknown} fallback */
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
 * @param {string} distDir
 * @returns {((urlPath: string, stat: fs.Stats, contentType: string) => HeaderRecord | null) | null}
 */
export function staticHeaders(distDir) {
  const routes = readJson(path.join(distDir, "routes-manifest.json"), null);
  if (!routes) return null;
  const config = readJson(path.join(distDir, "required-server-files.json"), {}).config ?? {};
  const flags = routes.caseSensitive ? "" : "i";
  /** @param {RouteRule[]} rules */
  const compile = (rules = []) => rules.map((rule) => ({ ...rule, pattern: new RegExp(rule.regex, flags) }));
  const headerRules = compile(routes.headers);
  const redirects = compile(routes.redirects);
  const beforeFiles = compile(Array.isArray(routes.rewrites) ? routes.rewrites : routes.rewrites?.beforeFiles);
  /** @type {{ matchers?: { regexp: string }[] }[]} */
  const functions = [
    ...Object.values(readJson(path.join(distDir, "server", "functions-config-manifest.json"), {}).functions ?? {}),
    ...Object.values(readJson(path.join(distDir, "server", "middleware-manifest.json"), {}).middleware ?? {}),
  ];
  const proxyMatchers = functions.flatMap((fn) => (fn.matchers ?? []).map((m) => new RegExp(m.regexp)));
  const generateEtags = config.generateEtags !== false;

  return (urlPath, stat, contentType) => {
    if ([...redirects, ...beforeFiles].some((rule) => rule.pattern.test(urlPath)) || proxyMatchers.some((m) => m.test(urlPath))) return null;
    // Names as Next.js writes them; a later rule replaces an earlier one's value, whatever its case.
    /** @type {Map<string, [string, string]>} */
    const headers = new Map();
    /** @param {string} name @param {string} value */
    const set = (name, value) => headers.set(name.toLowerCase(), [name, value]);
    /** @param {string} name @param {string} value */
    const setUnlessSet = (name, value) => headers.has(name.toLowerCase()) || set(name, value);
    for (const rule of headerRules) {
      if (!rule.pattern.test(urlPath)) continue;
      if (rule.has || rule.missing) return null;
      for (const { key, value } of rule.headers ?? []) {
        if (/:[A-Za-z_]/.test(key + value) && /:\w/.test(rule.source ?? "")) return null;
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
 * @returns {TwinIndex}
 */
export function staticTwins(distDir = ".next") {
  /** @type {TwinIndex} */
  const index = new Map();
  const headersFor = staticHeaders(distDir);
  if (!headersFor) return index;
  const root = path.join(distDir, "static");
  for (const file of walk(root).filter(compressible)) {
    const full = path.join(root, file);
    const source = fs.statSync(full);
    /** @type {Partial<Record<TwinEncoding, Buffer>>} */
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

/** Requests Next.js answers: partial and conditional ones (its `send` handles Range, 304 and 412). */
const LEFT_TO_NEXT = ["range", "if-range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

/**
 * The pre-compressed answer to `req` from `index` (staticTwins), or null when Next.js answers it:
 * not a GET or HEAD, not a `/_next/static` twin, partial or conditional, or no twin the client
 * accepts. The URL path is decoded once; one with a `..` or `.` segment, an encoded slash or
 * backslash, a backslash or a NUL is never looked up.
 * @param {TwinIndex} index @param {{ method?: string, url?: string, headers: IncomingHttpHeaders }} req
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
  const body = /** @type {Buffer} */ (entry[encoding]);
  return { body, headers: { ...entry.headers, "Content-Length": body.length, Vary: "Accept-Encoding", "Content-Encoding": encoding } };
}
