// @ts-check
// Errors in the API contract's shape, `{ "message": "..." }` (/work/shared/spec/api-contract.md
// "Every error is JSON"), even where Node or Next.js would answer without a body: the host's own
// refusals (server/limits.mjs), the parser's 400/408/431 (server/connections.mjs), a route's 405
// for a method it lacks. A path whose `%` escapes do not decode (Next.js: a plain-text 500) is a
// 400 for the API and the not-found page for pages.
import http from "node:http";
import { callbackOf, methodsOf, setMethods } from "./response-methods.mjs";

/** @import { IncomingMessage, ServerResponse, OutgoingHttpHeaders } from "node:http" */

/** Headers of every answer written here (as lib/server/web/route.ts's JSON answers). */
export const JSON_ERROR_HEADERS = {
  "Content-Type": "application/json",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
};

/** Answers `body` as JSON with JSON_ERROR_HEADERS (and `headers`). @param {ServerResponse} res @param {number} status @param {unknown} body @param {OutgoingHttpHeaders} [headers] */
export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...JSON_ERROR_HEADERS,
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The path of a request target (before its query or fragment). @param {string} url */
const pathOf = (url) => {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
};

/** Whether `url` is an API call (/api and below). @param {string} url */
export const isApiPath = (url) => /^\/api(?:\/|$)/.test(pathOf(url));

/** Whether `url`'s path has a `%` escape that does not decode (`%ZZ`, a lone `%`, bytes that are not UTF-8). @param {string} url */
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

/** The body of an API error Next.js writes with none. @param {IncomingMessage} req @param {number} status */
const emptyErrorMessage = (req, status) => (status === 405 ? `Method ${req.method} is not allowed` : (http.STATUS_CODES[status] ?? "Error"));

/**
 * Gives an API error that Next.js answers without a body (405 for a method the route does not
 * export: a `Response(null, { status: 405 })` of its own) the contract's JSON shape. An answer
 * whose type is set (every answer of lib/server/web/route.ts's route()) is left alone.
 * @param {IncomingMessage} req @param {ServerResponse} res
 */
export function jsonErrorBodies(req, res) {
  const { writeHead, write, end } = methodsOf(res);
  /** @type {string | null} */
  let body = null;
  // Decided once the status is known and before the headers go out (whichever call sends them).
  /** @param {ServerResponse} out @param {number} status */
  const decide = (out, status, headersInCall = false) => {
    if (body !== null || out.headersSent || status < 400 || headersInCall || out.getHeader("content-type") !== undefined) return;
    body = JSON.stringify({ message: emptyErrorMessage(req, status) });
    for (const [name, value] of Object.entries(JSON_ERROR_HEADERS)) out.setHeader(name, value);
    out.removeHeader("transfer-encoding");
    out.setHeader("Content-Length", Buffer.byteLength(body));
  };
  setMethods(res, {
    writeHead: function writeHeadWithBody(status, ...rest) {
      decide(
        this,
        Number(status),
        rest.some((arg) => arg && typeof arg === "object"),
      );
      return writeHead.call(this, status, ...rest);
    },
    write: function writeUnlessReplaced(chunk, encoding, callback) {
      decide(this, this.statusCode);
      if (body === null) return write.call(this, chunk, encoding, callback);
      const done = callbackOf(encoding, callback);
      if (done) process.nextTick(done);
      return true;
    },
    end: function endWithBody(chunk, encoding, callback) {
      decide(this, this.statusCode);
      if (body === null) return end.call(this, chunk, encoding, callback);
      const done = callbackOf(chunk, encoding, callback);
      return end.call(this, req.method === "HEAD" ? undefined : body, done);
    },
  });
}
