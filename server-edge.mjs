// The host's edge (server.mjs): which connections it keeps under a flood, what it answers when
// Node's HTTP parser refuses a request, requests whose path cannot be decoded, and the body of
// API errors Next.js answers with none. Every answer here is in the API contract's error shape,
// `{ "message": "..." }` (/work/shared/spec/api-contract.md "Every error is JSON").
import http from "node:http";

/** Headers of every answer written here (as lib/server/web/http.ts's JSON answers). */
export const JSON_ERROR_HEADERS = {
  "Content-Type": "application/json",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
};

const OPEN = Symbol("nosh:open");
const ACTIVE = Symbol("nosh:active requests");

/**
 * Keeps at most `max` connections open, letting new clients in when the cap is reached: a new
 * connection over the cap sheds the connection that has waited longest without a request under
 * way, that is one whose request headers are still incomplete (a half-sent request) or one idle
 * between keep-alive requests. Node's own server.maxConnections would close the newcomer instead,
 * so 4,096 half-sent requests kept every client out until the header timeout cut them (13.6 s,
 * docs/deploying.md). A connection with a request under way (a live order event stream, an upload,
 * a page being rendered) is never shed; when all of them have one, the newcomer is closed.
 * Returns how many were shed so far (for the log).
 */
export function shedConnections(server, max, log = () => {}) {
  // Oldest first (a Map keeps insertion order): re-inserted whenever a connection turns idle.
  const waiting = new Map();
  let open = 0;
  let shed = 0;
  let loggedAt = 0;
  // Counted once, at the first of: shed here, or closed (a shed socket closes a tick later).
  const release = (socket) => {
    waiting.delete(socket);
    if (!socket[OPEN]) return;
    socket[OPEN] = false;
    open--;
  };
  server.on("connection", (socket) => {
    socket[OPEN] = true;
    socket[ACTIVE] = 0;
    open++;
    socket.once("close", () => release(socket));
    if (open > max) {
      const victim = waiting.keys().next().value ?? socket;
      release(victim);
      victim.destroy();
      shed++;
      if (Date.now() - loggedAt > 10_000) {
        loggedAt = Date.now();
        log(`at the connection cap (${max}): closing the connections waiting longest for a request (${shed} so far)`);
      }
      if (victim === socket) return;
    }
    waiting.set(socket, true);
  });
  server.on("request", (req, res) => {
    const socket = req.socket;
    socket[ACTIVE]++;
    waiting.delete(socket);
    // "finish", not "close": a live event stream's hand-off (server.mjs offerStreams) runs the
    // response's close listeners when Next.js lets go of it, long before the stream ends.
    res.once("finish", () => {
      socket[ACTIVE]--;
      if (socket[ACTIVE] === 0 && socket[OPEN] && !socket.destroyed) waiting.set(socket, true);
    });
  });
  return {
    get shed() {
      return shed;
    },
  };
}

/** What Node's parser errors answer (its own answers have no body). */
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, "Request headers are too large"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Chunk extensions are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive"],
};
const MALFORMED = [400, "Malformed request"];

/**
 * Answers a request Node's HTTP parser refused (oversized headers, a header timeout, bad syntax)
 * as Node would, with a JSON body, then closes the connection. Nothing is written once an answer
 * on that connection has started (it would corrupt it), nor to a connection already gone.
 */
export function answerClientErrors(server) {
  server.on("clientError", (error, socket) => {
    const inFlight = socket._httpMessage;
    if (error.code !== "ECONNRESET" && socket.writable && !inFlight?.headersSent) {
      const [status, message] = CLIENT_ERRORS[error.code] ?? MALFORMED;
      const body = JSON.stringify({ message });
      const headers = { ...JSON_ERROR_HEADERS, "Content-Length": Buffer.byteLength(body), Connection: "close" };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
      socket.once("finish", () => socket.destroy());
      setTimeout(() => socket.destroy(), 1_000).unref();
    } else socket.destroy();
  });
}

/** The path of a request target (before its query or fragment). */
const pathOf = (url) => {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
};

/** Whether `url` is an API call (/api and below). */
export const isApiPath = (url) => /^\/api(?:\/|$)/.test(pathOf(url));

/** Whether `url`'s path has a `%` escape that does not decode (`%ZZ`, a lone `%`, bytes that are not UTF-8). */
export function hasBadEscape(url) {
  const path = pathOf(url);
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * A path no route has (a decoded `%` is in no route's name): the store's catch-all
 * (app/(shop)/[...missing]) answers it with the app's not-found page, 404. Next.js answers a path
 * it cannot decode with a plain-text 500, so pages with such a path are rendered as this one.
 */
export const NOT_FOUND_PATH = "/%25";

/** The body of an API error Next.js writes with none. */
const emptyErrorMessage = (req, status) => (status === 405 ? `Method ${req.method} is not allowed` : (http.STATUS_CODES[status] ?? "Error"));

/**
 * Gives an API error that Next.js answers without a body (405 for a method the route does not
 * export: a `Response(null, { status: 405 })` of its own) the contract's JSON shape. An answer
 * whose type is set (every answer of lib/server/web/http.ts's route()) is left alone.
 */
export function jsonErrorBodies(req, res) {
  const { writeHead, write, end } = res;
  let body = null;
  // Decided once the status is known and before the headers go out (whichever call sends them).
  const decide = (out, status, headersInCall = false) => {
    if (body !== null || out.headersSent || status < 400 || headersInCall || out.getHeader("content-type") !== undefined) return;
    body = JSON.stringify({ message: emptyErrorMessage(req, status) });
    for (const [name, value] of Object.entries(JSON_ERROR_HEADERS)) out.setHeader(name, value);
    out.removeHeader("transfer-encoding");
    out.setHeader("Content-Length", Buffer.byteLength(body));
  };
  res.writeHead = function writeHeadWithBody(status, ...rest) {
    decide(
      this,
      status,
      rest.some((arg) => arg && typeof arg === "object"),
    );
    return writeHead.call(this, status, ...rest);
  };
  res.write = function writeUnlessReplaced(chunk, encoding, callback) {
    decide(this, this.statusCode);
    if (body === null) return write.call(this, chunk, encoding, callback);
    const done = [encoding, callback].find((arg) => typeof arg === "function");
    if (done) process.nextTick(done);
    return true;
  };
  res.end = function endWithBody(chunk, encoding, callback) {
    decide(this, this.statusCode);
    if (body === null) return end.call(this, chunk, encoding, callback);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === "function");
    return end.call(this, req.method === "HEAD" ? undefined : body, done);
  };
}
