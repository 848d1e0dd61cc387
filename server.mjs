// `npm start`: the production server. Next.js's documented custom-server API
// (`next({ dev: false })` + `getRequestHandler()`) behind Node's own http server, because
// `next start` offers no header or request timeouts, no connection cap and no hook before
// routing. Usage: `node server.mjs [-p PORT] [-H HOST] [--keepAliveTimeout MS]`
// (PORT and HOSTNAME from the environment also work). Settings (.env.example,
// docs/deploying.md): NOSH_HEADERS_TIMEOUT_MS, NOSH_REQUEST_TIMEOUT_MS, NOSH_KEEP_ALIVE_TIMEOUT_MS,
// NOSH_MAX_CONNECTIONS, NOSH_MAX_BODY_BYTES.
//
// Why it is built this way:
// - Supervision with node:cluster: this process (the primary) only forks one worker, which
//   runs Next.js, and forks a new one when it dies (100 ms backoff, growing to 5 s while
//   workers keep dying young). A worker that exits before it ever listened (bad
//   configuration: instrumentation.ts exits 1) makes the primary exit with the same code:
//   retrying cannot fix a configuration. SIGTERM/SIGINT stop the worker, then the primary.
//   Node's flags (--max-old-space-size ...) and the environment reach the worker unchanged
//   (cluster forks with the primary's execArgv). The worker accepts connections itself
//   (SCHED_NONE: no hop through the primary); Node closes the listening socket when its last
//   worker dies, so connections are refused for the second or two a new worker needs to start.
// - Limits the app relies on, applied before Next.js sees the request: methods outside
//   ALLOWED_METHODS answer 405 (Next.js answers TRACE with a 500 and a stack trace in the
//   log); no body may exceed NOSH_MAX_BODY_BYTES (counted as it arrives, whatever
//   Content-Length says: defence in depth under the per-route caps of lib/server/web/http.ts);
//   slow clients are cut off by the header/request timeouts and the connection cap, at which a
//   new connection sheds the one waiting longest for its request (half-sent, or idle between
//   requests; never one with a request under way: server-edge.mjs shedConnections). None of
//   these cuts a long-lived answer (the live order event streams): headersTimeout and
//   requestTimeout only time the *request* until it has fully arrived (Node stops timing a
//   connection once its request is complete), keepAliveTimeout only the idle time between
//   requests, and no socket timeout is set (server.timeout stays 0). Each open stream holds
//   one of the NOSH_MAX_CONNECTIONS connections; the app caps streams below that
//   (ORDER_EVENTS_MAX_STREAMS). e2e/api/order-events.spec.ts holds a stream past both timeouts.
// - Live order event streams are written by this file's hand-off (offerStreams), not piped
//   through Next.js: the route checks who is asking and answers an empty 200 with a ticket
//   header; when Next.js ends that response, the ticket's owner (lib/server/order-events/stream.ts)
//   gets the Node response and writes the stream itself. Next.js's per-request state is then
//   freed once the route has answered instead of living as long as the stream (85 KB a stream,
//   measured: 2,000 streams would not fit the worker's heap).
// - `/_next/static` JavaScript and CSS are answered here, from the brotli and zopfli twins the
//   build wrote beside them (precompress.mjs, docs/log/performance.md "Page performance"), with the
//   headers Next.js sends for the file itself: Next.js would gzip them at level 6 on every
//   request. Anything else there (no twin the client accepts, Range, conditional requests, a
//   path that is not a twin's) goes to Next.js as before.
// - Errors are JSON in the contract's shape even where Node or Next.js would answer without a
//   body (server-edge.mjs): the parser's 400/408/431, a route's 405 for a method it lacks. A path
//   whose `%` escapes do not decode (Next.js: a plain-text 500) is a 400 for the API and the
//   not-found page for pages.
// - `x-nosh-client-address` is overwritten with the socket's peer address on every request
//   (whatever the client sent): lib/server/web/http.ts clientAddress() reads it when TRUST_PROXY
//   is off.
import { AsyncResource } from "node:async_hooks";
import cluster from "node:cluster";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { chooseEncoding, staticTwins, twinAnswer } from "./precompress.mjs";
import { answerClientErrors, hasBadEscape, isApiPath, jsonErrorBodies, JSON_ERROR_HEADERS, NOT_FOUND_PATH, shedConnections } from "./server-edge.mjs";

const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const CLIENT_ADDRESS_HEADER = "x-nosh-client-address";
/** What a worker tells the primary once it has answered its first request (see runWorker). */
const READY = "nosh:ready";

const log = (message) => console.error(`[nosh] ${message}`);

function refuseToStart(message) {
  log(`refusing to start: ${message}`);
  process.exit(1);
}

/** A positive whole number from the environment, or the default. */
function positiveInt(name, fallback, env = process.env) {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) refuseToStart(`${name} must be a positive whole number (got "${raw}")`);
  return Number(raw);
}

/** The soft limit on open files (Linux), or null when unknown. */
function openFilesLimit() {
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.trim().split(/\s+/)[3];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** `-p/--port`, `-H/--hostname`, `--keepAliveTimeout` as `next start` takes them; then PORT/HOSTNAME. */
function serverSettings(argv = process.argv.slice(2), env = process.env) {
  const flag = (...names) => {
    for (let i = 0; i < argv.length; i++) {
      for (const name of names) {
        if (argv[i] === name) return argv[i + 1];
        if (argv[i].startsWith(`${name}=`)) return argv[i].slice(name.length + 1);
      }
    }
    return undefined;
  };
  const port = Number(flag("-p", "--port") ?? env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) refuseToStart(`the port must be a whole number from 0 to 65535`);
  const keepAliveFlag = flag("--keepAliveTimeout");
  const keepAliveTimeoutMs =
    keepAliveFlag !== undefined
      ? positiveInt("--keepAliveTimeout", 70_000, { "--keepAliveTimeout": keepAliveFlag })
      : positiveInt("NOSH_KEEP_ALIVE_TIMEOUT_MS", 70_000, env);
  const headersTimeoutMs = positiveInt("NOSH_HEADERS_TIMEOUT_MS", 15_000, env);
  const requestTimeoutMs = positiveInt("NOSH_REQUEST_TIMEOUT_MS", 120_000, env);
  if (headersTimeoutMs > requestTimeoutMs) refuseToStart("NOSH_HEADERS_TIMEOUT_MS must not exceed NOSH_REQUEST_TIMEOUT_MS");
  // Each connection costs a file descriptor; leave room for the database, uploads and logs.
  const files = openFilesLimit();
  const maxConnections = Math.min(positiveInt("NOSH_MAX_CONNECTIONS", 4096, env), files ? Math.max(files - 256, 64) : Infinity);
  return {
    port,
    hostname: flag("-H", "--hostname") ?? env.HOSTNAME ?? undefined,
    keepAliveTimeoutMs,
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnections,
    maxBodyBytes: positiveInt("NOSH_MAX_BODY_BYTES", 11 * 1024 * 1024, env),
  };
}

// ---------------------------------------------------------------------------------------------
// The primary: supervision only (never loads Next.js).

function runPrimary(settings) {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let worker = null;
  let backoffMs = 50;

  const fork = () => {
    const startedAt = Date.now();
    let ready = false;
    worker = cluster.fork();
    const pid = worker.process.pid;
    worker.on("message", (message) => {
      if (message === READY) ready = true;
    });
    worker.once("exit", (code, signal) => {
      worker = null;
      if (stopping) return process.exit(0);
      if (!ready) {
        log(`the server exited (${signal ?? `code ${code}`}) before it served; not restarting`);
        return process.exit(code || 1);
      }
      backoffMs = Date.now() - startedAt > 30_000 ? 100 : Math.min(backoffMs * 2, 5_000);
      log(`the server (pid ${pid}) exited (${signal ?? `code ${code}`}); starting a new one in ${backoffMs} ms`);
      setTimeout(fork, backoffMs);
    });
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    if (!worker) process.exit(0);
    worker.process.kill(signal);
    // Next.js may wait for keep-alive connections; the worker gives up after its grace period.
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  log(
    `primary ${process.pid}: headersTimeout ${settings.headersTimeoutMs} ms, requestTimeout ${settings.requestTimeoutMs} ms, ` +
      `keepAliveTimeout ${settings.keepAliveTimeoutMs} ms, maxConnections ${settings.maxConnections}, max body ${settings.maxBodyBytes} bytes`,
  );
  fork();
}

// ---------------------------------------------------------------------------------------------
// The worker: Next.js behind the limits.

const sendJson = (res, status, body, headers = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...JSON_ERROR_HEADERS,
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
};

/** Refuses the request once its body passes `max` bytes: a 413 (when nothing was sent yet), then the connection closes. */
function capBody(req, res, max) {
  const length = req.headers["content-length"];
  // Node's parser never reads past a Content-Length, so only a chunked body needs counting
  // (and a request with neither has no body: most GETs are left untouched).
  if (length !== undefined) return Number(length) > max ? tooLarge(req, res, max) : false;
  if (req.headers["transfer-encoding"] === undefined) return false;
  let received = 0;
  let refused = false;
  const push = req.push;
  // The http parser hands each body chunk to push(); counting there sees the bytes as they
  // arrive, whoever reads the stream (and however late).
  req.push = function countedPush(chunk, encoding) {
    if (refused) return false;
    if (chunk) {
      received += chunk.length;
      if (received > max) {
        refused = true;
        tooLarge(req, res, max);
        return false;
      }
    }
    return push.call(this, chunk, encoding);
  };
  return false;
}

function tooLarge(req, res, max) {
  if (!res.headersSent) {
    sendJson(res, 413, { message: `Request body is too large (at most ${Math.floor(max / 1024 / 1024)} MB)` }, { Connection: "close" });
  }
  // The rest of the body is never read: once the answer is out (or at once if one was
  // already under way), the connection goes.
  const socket = req.socket;
  res.once("finish", () => socket.destroy());
  setTimeout(() => socket.destroy(), 1_000).unref();
  if (res.headersSent && !res.writableEnded) socket.destroy();
  return true;
}

const HANDOFF_HEADER = "x-nosh-stream-handoff";
/** A ticket not taken by then (Next.js never ended the response: an error, a client gone) is dropped. */
const HANDOFF_TTL_MS = 30_000;

/** The registry the stream code finds on globalThis (lib/server/order-events/stream.ts). */
function offerStreams() {
  const tickets = new Map();
  // The streams run in this startup-time async context, not the request's: a timer keeps the
  // async context it was created in (AsyncLocalStorage), which would hold the request's state.
  const detached = new AsyncResource("nosh-stream");
  globalThis.__noshStreamHandoff = {
    header: HANDOFF_HEADER,
    offer(start, abandon) {
      const ticket = randomUUID();
      const timer = setTimeout(() => tickets.delete(ticket) && abandon(), HANDOFF_TTL_MS);
      timer.unref();
      tickets.set(ticket, { start, timer });
      return ticket;
    },
  };
  /**
   * GET requests whose answer may be a hand-off. The ticket is looked for when the headers are
   * written (Next.js's compression wrapper writes them before it calls end), and the stream's
   * owner gets the response when Next.js ends it. The owner writes and ends through Node's own
   * methods: the wrappers Next.js installed consider the response finished.
   */
  return (req, res) => {
    if (req.method !== "GET") return;
    const { writeHead, end } = res;
    let handOff = null;
    res.writeHead = function writeHeadOrHandOff(...args) {
      const ticket = this.getHeader(HANDOFF_HEADER);
      if (ticket !== undefined) {
        this.removeHeader(HANDOFF_HEADER);
        this.removeHeader("content-length");
        handOff = tickets.get(String(ticket)) ?? null;
        tickets.delete(String(ticket));
        if (handOff) clearTimeout(handOff.timer);
      }
      return writeHead.apply(this, args);
    };
    res.end = function endOrHandOff(...args) {
      if (!handOff) return end.apply(this, args);
      const { start } = handOff;
      handOff = null;
      // Next.js's own work for a closed response (ending the request's abort signal, its
      // after() phase, releasing compression) holds the whole request's state: for Next.js
      // the response is over, so that work runs now, and the stream listens for the close itself.
      const nextCloseWork = res.listeners("close");
      res.removeAllListeners("close");
      detached.runInAsyncScope(start, null, {
        write: (chunk) => http.ServerResponse.prototype.write.call(res, chunk),
        end: () => end.call(res),
        once: (event, listener) => res.once(event, listener),
        get writableLength() {
          return res.writableLength;
        },
        // The backlog is read page by page as the client takes it (the response's "drain").
        get writableNeedDrain() {
          return res.writableNeedDrain;
        },
        flushHeaders: () => res.flushHeaders(),
      });
      for (const work of nextCloseWork) work.call(res);
      return this;
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Shared answers (lib/server/shared-responses.ts has the contract): an answer that is the same
// for every caller is kept here as Next.js wrote it (status, headers, bytes) and replayed to
// later GETs of the same URL while the app's check() says it still holds, without running
// Next.js. API answers are marked by their handler (the SHARED header); catalog pages are
// recognised by the app's pageKey() and marked by its pageMark() before Next.js renders them
// for an anonymous visitor. A page is kept uncompressed and replayed with a fresh script nonce
// (in its policy header and its markup), gzipped from segments compressed once (gzipOfPieces). A
// signed-in visitor (a `personal` place) is replayed the same page with the session hole that
// check() gives spliced into its <body> tag; when there is no page to replay yet, they get a
// render of their own, and once it has answered 200 an anonymous render is asked of this server (fill).
// Bounded: at most SHARED_MAX_ENTRY bytes an answer and SHARED_MAX_BYTES in all, the least
// recently used going first.

const SHARED_HEADER = "x-nosh-shared";
/** The anti-forgery cookie's name (lib/shared/csrf.ts, the API contract's). */
const XSRF_COOKIE = "XSRF-TOKEN";
const SHARED_MAX_ENTRY = 512 * 1024;
const SHARED_MAX_BYTES = 32 * 1024 * 1024;
/** Headers that belong to one connection or one moment, never replayed. */
const UNSHARED_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "set-cookie"]);
/** Requests for something other than the page's HTML (React Server Components payloads, prefetches). */
const ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-url", "next-action"];
const NONCE = /'nonce-([^']+)'/;
/** Whether `req` asks for a page's HTML, not a client-side navigation's RSC payload. */
const asksForDocument = (req) => !ROUTER_HEADERS.some((name) => req.headers[name] !== undefined) && !req.url.includes("_rsc=");
/** A response chunk as Node's res.write takes it, as bytes. */
const chunkBytes = (chunk, encoding) => (typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk));
/** The `>` of a page's <body> tag, where a signed-in visitor's session hole goes instead. */
const BODY_CLOSE = Buffer.from(">");
const DECODE = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync };

export function sharedResponses({ maxBytes = SHARED_MAX_BYTES, maxEntryBytes = SHARED_MAX_ENTRY } = {}) {
  const entries = new Map();
  let bytes = 0;
  /** This server's own address (for the anonymous renders fill() asks for), once it listens. */
  let origin = null;
  /** Keys of the anonymous renders under way. */
  const filling = new Set();
  // The app finds the header's name here and adds check(), pageKey() and pageMark().
  const registry = (globalThis.__noshSharedResponses = { header: SHARED_HEADER, check: null, pageKey: null, pageMark: null });
  const forget = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  const keep = (key, entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.size;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };
  // Conditional and partial requests are Next.js's to answer.
  const eligible = (req) => req.method === "GET" && !req.headers.range && !req.headers["if-none-match"] && !req.headers["if-modified-since"];
  const acceptsGzip = (req) => chooseEncoding(req.headers["accept-encoding"], ["gzip"]) === "gzip";

  /** Where `req`'s answer is kept: { key, page } (page: a page's HTML), or null when it is not shared. */
  function placeOf(req) {
    if (!eligible(req)) return null;
    if (registry.pageKey && asksForDocument(req)) {
      const page = registry.pageKey(req.url, req.headers.cookie);
      if (page) return { ...page, page: true };
    }
    // Next.js compresses per Accept-Encoding: one entry per value.
    return { key: `${req.headers["accept-encoding"] ?? ""}\n${req.url}`, page: false };
  }

  /**
   * Asks this server for the anonymous render of a personal place's page (no session cookie: the
   * ordinary path, which keeps it), once at a time per key. Nothing of the signed-in request goes
   * with it but its URL and its Delivery/Pickup mode. Returns the render's promise (undefined: none asked).
   */
  function fill(place, req) {
    if (!origin || filling.has(place.key)) return undefined;
    filling.add(place.key);
    const headers = { "accept-encoding": "identity", ...(place.anonymousCookie ? { cookie: place.anonymousCookie } : {}) };
    return fetch(origin + req.url, { headers, redirect: "manual", signal: AbortSignal.timeout(60_000) })
      .then((response) => response.arrayBuffer())
      .catch((error) => log(`anonymous render of ${req.url} failed: ${error?.message ?? error}`))
      .finally(() => filling.delete(place.key));
  }

  return {
    placeOf,
    fill,
    /** Where fill() reaches this server. */
    listening(address) {
      origin = address;
    },
    /** The kept answer at `place`, if any (whether it still holds is for replay to find out). */
    find(place) {
      return place && registry.check ? (entries.get(place.key) ?? null) : null;
    },
    /** Answers `req` with `entry` if it still holds for it; false (nothing written) otherwise. */
    async replay(entry, place, req, res) {
      let result;
      try {
        result = await registry.check(entry.mark, req.url, req.headers.cookie, Boolean(place.personal));
      } catch (error) {
        log(`shared answer check failed: ${error?.stack ?? error}`);
        return false;
      }
      if (result.verdict === "stale") forget(place.key);
      if (result.verdict !== "fresh") return false;
      // Most recently used last.
      entries.delete(place.key);
      entries.set(place.key, entry);
      const headers = { ...entry.headers };
      let body = entry.body;
      let status = entry.status;
      // A page's policy gets a fresh nonce whatever the answer: no nonce is ever sent twice.
      const nonce = entry.nonce ? randomBytes(18).toString("base64") : null;
      if (nonce) headers["content-security-policy"] = headers["content-security-policy"].replaceAll(entry.nonce, nonce);
      if (result.redirect) {
        // What Next.js answers for the page's redirect(), without rendering it.
        status = 307;
        body = Buffer.alloc(0);
        delete headers["content-type"];
        delete headers.etag;
        headers.location = result.redirect;
      } else if (nonce) {
        const between = Buffer.from(nonce);
        const hole = place.personal ? result.hole?.(nonce) : undefined;
        if (place.personal && (!hole || !entry.hasBody)) return false;
        const bodyClose = hole ? Buffer.from(hole) : BODY_CLOSE;
        const pieces = entry.segments.flatMap((segment, i) => {
          const own = [segment, entry.deflated[i]];
          return i ? [[entry.slots[i - 1] === "nonce" ? between : bodyClose, null], own] : [own];
        });
        if (acceptsGzip(req)) {
          body = gzipOfPieces(pieces);
          headers["content-encoding"] = "gzip";
        } else body = Buffer.concat(pieces.map(([raw]) => raw));
      }
      if (result.cookies.length) headers["set-cookie"] = result.cookies;
      headers["content-length"] = body.length;
      res.writeHead(status, headers);
      res.end(body);
      return true;
    },
    /**
     * Watches Next.js's answer to `req` and keeps it if it was marked: by its handler (the
     * SHARED header) or, for a page, with `pageMark`. The wrappers stay installed (Next.js wraps
     * them in turn: compression, the stream hand-off), turning into pass-throughs once the
     * answer is known not to be kept.
     */
    capture(place, req, res, pageMark = null) {
      if (!place) return;
      const { writeHead, write, end } = res;
      let state = "watching"; // then "keeping" or "passing"
      let mark = null;
      let chunks = [];
      let size = 0;
      const collect = (chunk, encoding) => {
        if (state !== "keeping" || chunk === undefined || chunk === null || typeof chunk === "function") return;
        const buffer = chunkBytes(chunk, encoding);
        size += buffer.length;
        if (size > maxEntryBytes) state = "passing";
        else chunks.push(buffer);
      };
      res.writeHead = function writeHeadAndWatch(...args) {
        if (state === "watching") {
          const value = this.getHeader(SHARED_HEADER);
          if (value !== undefined) this.removeHeader(SHARED_HEADER);
          mark = value !== undefined ? String(value) : pageMark;
          state = "passing";
          // A marked answer reads nothing of the request's cookies; the XSRF-TOKEN cookie that
          // route() or the proxy added for this request is left out (a replay sets its own). Any
          // other cookie means the answer was written for this request only.
          const headersInCall = args.slice(1).some((arg) => arg && typeof arg === "object");
          if (mark && onlyXsrfCookie(this.getHeader("set-cookie")) && !headersInCall) state = "keeping";
        }
        return writeHead.apply(this, args);
      };
      res.write = function writeAndKeep(chunk, encoding, callback) {
        if (state !== "passing") {
          if (!this.headersSent) this.writeHead(this.statusCode);
          collect(chunk, encoding);
        }
        return write.call(this, chunk, encoding, callback);
      };
      res.end = function endAndKeep(chunk, encoding, callback) {
        if (state !== "passing") {
          if (!this.headersSent) this.writeHead(this.statusCode);
          collect(chunk, encoding);
          if (state === "keeping" && this.statusCode === 200) {
            try {
              const entry = place.page ? pageEntry(this, chunks, mark) : apiEntry(this, chunks, mark);
              if (entry) keep(place.key, entry);
            } catch (error) {
              log(`shared answer not kept: ${error?.stack ?? error}`);
            }
          }
          state = "passing";
          chunks = [];
        }
        return end.call(this, chunk, encoding, callback);
      };
    },
  };
}

/** No Set-Cookie, or only the anti-forgery token's (docs/architecture/catalog-and-caching.md "Shared answers"). */
function onlyXsrfCookie(value) {
  if (value === undefined) return true;
  return [value].flat().every((cookie) => String(cookie).startsWith(`${XSRF_COOKIE}=`));
}

const headersOf = (res, leaveOut = []) => {
  const headers = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (!UNSHARED_HEADERS.has(name) && !leaveOut.includes(name)) headers[name] = value;
  return headers;
};

function apiEntry(res, chunks, mark) {
  const body = Buffer.concat(chunks);
  return { mark, status: 200, headers: headersOf(res), body, parts: null, nonce: null, size: body.length };
}

// Paint first, then run the scripts. Next.js puts the page's JavaScript in `async` scripts, which
// a browser runs as soon as each arrives: on a fast connection, before the page's first paint,
// so a phone shows the server-rendered page only after the framework has been evaluated (80-190
// ms of one task here, 4x that on a slow phone); on a slow one, their 130 KB share the link with
// the page's main photo. A kept page has none of them in its HTML (nor Next.js's own preload of
// the bootstrap) but a loader that adds them, in order, once three things hold: the first frame
// is painted (a requestAnimationFrame callback runs just before it; a task queued from it,
// after), the document has been parsed as far as the last of them (where React puts the one
// that hydrates, after the shell), and the page's main photo (its `fetchpriority="high"` image,
// if any) has been painted (loaded, decoded, one more frame) or has failed, or PHOTO_WAIT_MS
// have passed since the first frame (a photo the image optimizer encodes on first request, a
// stalled one: hydration never waits long for it). The shell's lazy photos (below the first
// screen, or further along a row) wait with the scripts: their sources are in data-nosh-src and
// data-nosh-srcset until then, so on a slow link the main photo has it to itself. A hidden page,
// which paints nothing, does not wait for a frame or a photo; after PAINT_FIRST_WAIT_MS nothing
// waits for them any longer. The cost: hydration starts after the photo (at most PHOTO_WAIT_MS
// after the frame), and the scripts' download after it (on Lighthouse's simulated phone link,
// about 0.6 s later for the 130 KB, while the visitor already sees the whole page; its links
// work as plain links meanwhile, its buttons once hydrated); a browser without JavaScript shows
// those lazy photos' alt text.
// The loader carries the page's nonce (replaced on every replay like the others); the scripts it
// adds are trusted through the policy's 'strict-dynamic'. docs/log/performance.md, "Paint first".
const ASYNC_SCRIPT = /<script src="([^"<>]+)"(?: async="")? nonce="([^"<>]+)"(?: async="")?><\/script>/g;
const PRELOAD_LINK = /<link rel="preload" as="script"[^>]*\/>/g;
const PRELOADED_SCRIPT = /<link rel="preload" as="script"[^>]* href="([^"<>]+)"/;
const LAZY_IMAGE = /<img\b[^>]*\sloading="lazy"[^>]*>/g;
const PAINT_FIRST_WAIT_MS = 3000;
const PHOTO_WAIT_MS = 500;

/** `html` (latin1) with its async scripts run after the first paint and the main photo, or unchanged when it has none or looks unlike Next.js's. */
export function paintFirst(html, nonce) {
  const tags = [...html.matchAll(ASYNC_SCRIPT)].filter((m) => m[2] === nonce && / async=""/.test(m[0]));
  if (!tags.length || !html.includes("</head>")) return html;
  const sources = tags.map((m) => m[1]);
  const deferred = new Set(sources);
  let out = "";
  let from = 0;
  tags.forEach((m, i) => {
    const marker = i === tags.length - 1 ? `<script nonce="${nonce}">__noshScripts()</script>` : "";
    out += html.slice(from, m.index) + marker;
    from = m.index + m[0].length;
  });
  out += html.slice(from);
  // The lazy photos in the shell (not the eager first screen's) wait with the scripts.
  const shellEnd = out.indexOf("__noshScripts()</script>");
  out = out.slice(0, shellEnd).replace(LAZY_IMAGE, (img) => img.replace(' srcSet="', ' data-nosh-srcset="').replace(' src="', ' data-nosh-src="')) + out.slice(shellEnd);
  // Next.js preloads some chunks itself (the bootstrap): those wait with the others.
  out = out.replace(PRELOAD_LINK, (link) => (deferred.has(PRELOADED_SCRIPT.exec(link)?.[1] ?? "") ? "" : link));
  const loader =
    `<script nonce="${nonce}">(function(){var s=${JSON.stringify(sources)},d=document,p=0,b=0,i=0,r=0;` +
    `function go(){if(r||!p||!b||!i)return;r=1;var q=d.querySelectorAll("img[data-nosh-src]"),k,m,v;` +
    `for(k=0;k<q.length;k++){m=q[k];v=m.getAttribute("data-nosh-srcset");if(v!==null){m.removeAttribute("data-nosh-srcset");m.setAttribute("srcset",v)}m.setAttribute("src",m.getAttribute("data-nosh-src"));m.removeAttribute("data-nosh-src")}` +
    `for(k=0;k<s.length;k++){var e=d.createElement("script");e.src=s[k];e.async=true;d.head.appendChild(e)}}` +
    `function painted(){if(!p)setTimeout(shown,${PHOTO_WAIT_MS});p=1;go()}function shown(){i=1;go()}` +
    `window.__noshScripts=function(){b=1;var m=d.querySelector('img[fetchpriority="high"]');function drawn(){requestAnimationFrame(function(){setTimeout(shown,0)})}` +
    `function decoded(){m.decode?m.decode().then(drawn,drawn):drawn()}if(!m)shown();else if(m.complete)decoded();else{m.addEventListener("load",decoded);m.addEventListener("error",shown)}go()};` +
    `if(d.visibilityState!=="visible"){i=1;painted()}else{requestAnimationFrame(function(){setTimeout(painted,0)});setTimeout(function(){i=1;painted()},${PAINT_FIRST_WAIT_MS})}})()</script>`;
  // The loader at the end of <head>: defined before the marker in <body> calls it.
  const at = out.indexOf("</head>");
  return out.slice(0, at) + loader + out.slice(at);
}

// A kept page's stylesheets go into the page: each as a <style> (the policy's style-src allows
// inline styles) right before its <link>, which stays for React (it finds the page's stylesheets
// by their links, and would otherwise add them again) with media="not all", so the browser
// neither waits for it before the first paint nor applies it twice. The first paint then waits
// for nothing but the HTML: with 5-9 stylesheets to fetch first, Chrome's phone emulation held
// it for a second in most Lighthouse runs ("The held first frame"), and Lantern counts each one
// before the paint. The files are read once (the build does not change under a running server).
// The cost: the CSS (6-12 KB gzip a page) is in every kept page's HTML rather than cached
// between pages, and the links still download it once, after the paint, at the lowest priority.
// docs/log/performance.md, "Styles in the page".
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_next\/static\/[^"<>]+\.css)"[^>]*\/>/g;
const stylesheets = new Map();
/** A built stylesheet's text (latin1, as the pages are handled), or null when it cannot go in a <style>. */
function stylesheetText(href) {
  if (!stylesheets.has(href)) {
    let text = null;
    try {
      text = readFileSync(path.join(process.cwd(), ".next", href.slice("/_next/".length)), "latin1");
    } catch {}
    stylesheets.set(href, text && !/<\/style/i.test(text) ? text : null);
  }
  return stylesheets.get(href);
}
/** A page's HTML (latin1) as it is sent to paint first: its styles in it, its scripts and lazy photos after the first paint. */
const paintFirstPage = (html, nonce) => paintFirst(inlineStyles(html), nonce);

/** `html` (latin1) with its built stylesheets written into it, their links kept matching no media. */
export function inlineStyles(html, read = stylesheetText) {
  return html.replace(STYLESHEET_LINK, (link, href) => {
    const css = read(href);
    return css === null ? link : `<style data-href="${href}">${css}</style>${link.replace(" data-precedence=", ' media="not all" data-precedence=')}`;
  });
}

// Pages rendered for each visitor (never kept) that paint first all the same: their answer is
// held whole (Next.js asked for it uncompressed), rewritten as a kept page is (inlineStyles,
// paintFirst) and gzipped here. Only pages rendered in one piece belong here (no Suspense
// boundary streams after the shell, so holding the answer delays nothing), and only their
// document requests (a client-side navigation's RSC answer passes untouched): /checkout, whose
// order is rendered on the server (docs/architecture/cart-checkout-reviews.md, "The order at checkout").
const PAINT_FIRST_PAGES = new Set(["/checkout"]);

/** Whether `req` asks for the HTML of a per-visitor page that paints first. */
function paintsFirst(req) {
  if (req.method !== "GET" || !PAINT_FIRST_PAGES.has(req.url.split("?")[0])) return false;
  return asksForDocument(req);
}

/** Holds Next.js's answer to `req` and sends it rewritten to paint first (an HTML page with its nonce; anything else as it was). */
function paintFirstWhole(req, res) {
  const gzip = chooseEncoding(req.headers["accept-encoding"], ["gzip"]) === "gzip";
  delete req.headers["accept-encoding"];
  const { writeHead, write, end } = res;
  const chunks = [];
  let head = null;
  const keep = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(chunkBytes(chunk, encoding));
  };
  res.writeHead = function holdHead(...args) {
    head = args;
    return this;
  };
  res.write = function hold(chunk, encoding, callback) {
    keep(chunk, encoding);
    const done = [encoding, callback].find((arg) => typeof arg === "function");
    if (done) process.nextTick(done);
    return true;
  };
  res.end = function sendRewritten(chunk, encoding, callback) {
    keep(chunk, encoding);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === "function");
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
    let body = Buffer.concat(chunks);
    // Headers given to writeHead itself cannot be amended: such an answer goes out as it was.
    if (head && head.some((arg) => arg && typeof arg === "object")) {
      writeHead.apply(this, head);
      return end.call(this, body, done);
    }
    if (head) this.statusCode = head[0];
    if (head && typeof head[1] === "string") this.statusMessage = head[1];
    const nonce = NONCE.exec(String(this.getHeader("content-security-policy") ?? ""))?.[1];
    if (this.statusCode === 200 && nonce && String(this.getHeader("content-type") ?? "").startsWith("text/html") && this.getHeader("content-encoding") === undefined) {
      body = Buffer.from(paintFirstPage(body.toString("latin1"), nonce), "latin1");
      if (gzip) {
        body = zlib.gzipSync(body, { level: 6 });
        this.setHeader("content-encoding", "gzip");
      }
      const vary = this.getHeader("vary");
      if (!/accept-encoding/i.test(String(vary ?? ""))) this.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    this.removeHeader("transfer-encoding");
    this.setHeader("content-length", body.length);
    return end.call(this, body, done);
  };
}

/** A page's HTML, uncompressed (its nonce is replaced on every replay), or null when it cannot be. */
function pageEntry(res, chunks, mark) {
  const headers = headersOf(res, ["content-encoding"]);
  const nonce = NONCE.exec(String(headers["content-security-policy"] ?? ""))?.[1];
  const encoding = res.getHeader("content-encoding");
  if (!nonce || !String(headers["content-type"] ?? "").startsWith("text/html")) return null;
  if (encoding !== undefined && !DECODE[String(encoding)]) return null;
  const raw = Buffer.concat(chunks);
  const decoded = encoding === undefined ? raw : DECODE[String(encoding)](raw);
  const body = Buffer.from(paintFirstPage(decoded.toString("latin1"), nonce), "latin1");
  // Kept as the bytes between the nonce's occurrences (outside the JavaScript heap), joined
  // with a fresh nonce on every replay.
  const nonceBytes = Buffer.from(nonce);
  // Where a signed-in visitor's session hole goes: the `>` closing the <body> tag, as the part
  // it falls in and its offset there (null: no such tag, the page is replayed to no one signed in).
  const bodyOpen = /<body(?=[\s>])/.exec(body.toString("latin1"));
  const bodyEnd = bodyOpen ? body.indexOf(">", bodyOpen.index) : -1;
  let bodyTag = null;
  const parts = [];
  for (let from = 0; ;) {
    const at = body.indexOf(nonceBytes, from);
    const end = at < 0 ? body.length : at;
    if (bodyEnd >= from && bodyEnd < end) bodyTag = { part: parts.length, offset: bodyEnd - from };
    parts.push(body.subarray(from, end));
    if (at < 0) break;
    from = at + nonceBytes.length;
  }
  // The same bytes as static segments with a slot between each two: a nonce, or the `>` of the
  // <body> tag (where a session hole goes). Each segment is compressed once, here, so a replay
  // compresses nothing (gzipOfPieces).
  const segments = [];
  const slots = [];
  parts.forEach((part, i) => {
    if (i) slots.push("nonce");
    if (bodyTag?.part !== i) return void segments.push(part);
    segments.push(part.subarray(0, bodyTag.offset), part.subarray(bodyTag.offset + 1));
    slots.push("body");
  });
  const deflated = segments.map(deflateSegment);
  const size = body.length + deflated.reduce((sum, bytes) => sum + bytes.length, 0);
  return { mark, status: 200, headers, nonce, segments, slots, deflated, hasBody: bodyTag !== null, size };
}

// A page's gzip without compressing it per answer. A gzip member's deflate data is a series of
// blocks; each static segment is deflated on its own once (raw deflate ending in a sync flush,
// which leaves it byte-aligned with no reference to earlier bytes), and what differs per answer
// (the nonce, the session hole) goes between them as stored (uncompressed) blocks. An empty
// final block and the CRC-32 and length of the whole closes it (RFC 1951 3.2.4, RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const DEFLATE_FINAL_EMPTY = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

const deflateSegment = (bytes) => (bytes.length ? zlib.deflateRawSync(bytes, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }) : Buffer.alloc(0));

function storedBlocks(bytes, out) {
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(head, chunk);
  }
}

/** `pieces`: [raw bytes, their deflated segment or null (sent stored)], in order. */
export function gzipOfPieces(pieces) {
  const out = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const [raw, deflated] of pieces) {
    if (!raw.length) continue;
    crc = zlib.crc32(raw, crc);
    size += raw.length;
    if (deflated) out.push(deflated);
    else storedBlocks(raw, out);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(DEFLATE_FINAL_EMPTY, trailer);
  return Buffer.concat(out);
}

async function runWorker(settings) {
  process.env.NODE_ENV ??= "production";
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: process.cwd(), hostname: settings.hostname, port: settings.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const allowHandOff = offerStreams();
  const twins = staticTwins(path.join(process.cwd(), ".next"));
  const shared = sharedResponses();
  const render = (place, req, res, pageMark) => {
    shared.capture(place, req, res, pageMark);
    if (paintsFirst(req)) paintFirstWhole(req, res);
    allowHandOff(req, res);
    if (isApiPath(req.url)) jsonErrorBodies(req, res);
    handle(req, res).catch((error) => {
      log(`unhandled error: ${error?.stack ?? error}`);
      if (!res.headersSent) sendJson(res, 500, { message: "Something went wrong. Please try again" });
      else res.destroy();
    });
  };
  // A shared page is marked before it renders (the catalog version it is at least as new as).
  // A signed-in visitor's render is their own, never kept: the anonymous one is asked for once it
  // has answered 200 (a page that is not found, or not a page, is never rendered twice a request).
  const toNext = (place, req, res) => {
    if (place?.personal) {
      res.once("finish", () => {
        if (res.statusCode === 200 && !shared.find(place)) shared.fill(place, req);
      });
      return render(null, req, res, null);
    }
    const pageMark = place?.page ? globalThis.__noshSharedResponses.pageMark : null;
    if (!pageMark) return render(place, req, res, null);
    pageMark().then(
      (mark) => render(place, req, res, mark),
      (error) => {
        log(`page mark failed: ${error?.stack ?? error}`);
        render(place, req, res, null);
      },
    );
  };

  const server = http.createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (its default is every 30 s).
      connectionsCheckingInterval: Math.min(1_000, settings.headersTimeoutMs),
    },
    (req, res) => {
      if (!ALLOWED_METHODS.includes(req.method)) {
        req.resume();
        return sendJson(res, 405, { message: `Method ${req.method} is not allowed` }, { Allow: ALLOWED_METHODS.join(", ") });
      }
      if (hasBadEscape(req.url)) {
        if (isApiPath(req.url)) {
          req.resume();
          return sendJson(res, 400, { message: "Malformed URL: the path has an invalid % escape" });
        }
        req.url = NOT_FOUND_PATH;
      }
      setClientAddress(req);
      if (capBody(req, res, settings.maxBodyBytes)) return;
      const twin = twinAnswer(twins, req);
      if (twin) {
        res.writeHead(200, twin.headers);
        return void res.end(req.method === "HEAD" ? undefined : twin.body);
      }
      const place = shared.placeOf(req);
      const kept = shared.find(place);
      if (kept) shared.replay(kept, place, req, res).then((served) => served || toNext(place, req, res));
      else toNext(place, req, res);
    },
  );
  shedConnections(server, settings.maxConnections, log);
  answerClientErrors(server);
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // Live order event streams never finish by themselves: they end now (lib/server/order-events/),
    // and their clients reconnect with Last-Event-ID to the next server. Their connections turn
    // idle once the stream's last bytes are out, so idle connections are closed until exit.
    process.emit("nosh:shutdown");
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);

  await new Promise((resolve) => server.listen(settings.port, settings.hostname, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  // Next.js runs instrumentation.ts's register() (migrations, the settings check, which exits
  // 1 on a bad configuration) before it serves its first request, not at prepare(): only a
  // worker that has answered one counts as started for the primary.
  const host = !settings.hostname || settings.hostname === "0.0.0.0" || settings.hostname === "::" ? "127.0.0.1" : settings.hostname;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  shared.listening(origin);
  for (let attempt = 0; ; attempt++) {
    try {
      await (await fetch(`${origin}/api/auth/`, { signal: AbortSignal.timeout(60_000) })).arrayBuffer();
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  process.send?.(READY);
  const twinBytes = [...twins.values()].reduce((sum, entry) => sum + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0), 0);
  log(`worker ${process.pid} serving ${origin}; ${twins.size} pre-compressed static files (${Math.round(twinBytes / 1024)} KB in memory)`);
}

/** Replaces whatever the client sent in CLIENT_ADDRESS_HEADER with the socket's peer address. */
function setClientAddress(req) {
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i].toLowerCase() === CLIENT_ADDRESS_HEADER) raw.splice(i, 2);
  }
  const address = req.socket.remoteAddress ?? "";
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  raw.push(CLIENT_ADDRESS_HEADER, address);
}

// Run as a program (lib/server/shared-responses.test.ts imports sharedResponses from it).
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(path.resolve(process.argv[1]))).href) {
  const settings = serverSettings();
  if (cluster.isPrimary) runPrimary(settings);
  else
    runWorker(settings).catch((error) => {
      log(`refusing to start: ${error?.stack ?? error}`);
      process.exit(1);
    });
}
