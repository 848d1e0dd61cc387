// @ts-check
// Limits the app relies on, applied before Next.js sees the request: methods outside
// ALLOWED_METHODS answer 405 (Next.js answers TRACE with a 500 and a stack trace in the log); no
// body may exceed NOSH_MAX_BODY_BYTES (counted as it arrives, whatever Content-Length says:
// defence in depth under the per-route caps of lib/server/web/route.ts). The timeouts and the
// connection cap are the server's (server/worker.mjs, server/connections.mjs).
import { sendJson } from "./json-errors.mjs";
import { methodsOf, setMethods } from "./response-methods.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Answers 405 unless `req`'s method is allowed; true when it did. @param {IncomingMessage} req @param {ServerResponse} res */
export function refuseMethod(req, res) {
  if (ALLOWED_METHODS.includes(req.method ?? "")) return false;
  req.resume();
  sendJson(res, 405, { message: `Method ${req.method} is not allowed` }, { Allow: ALLOWED_METHODS.join(", ") });
  return true;
}

/**
 * Refuses the request once its body passes `max` bytes: a 413 (when nothing was sent yet), then the
 * connection closes without a reset (closeGentlyWhenUnread).
 * @param {IncomingMessage} req @param {ServerResponse} res @param {number} max
 */
export function capBody(req, res, max) {
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

/** @param {IncomingMessage} req @param {ServerResponse} res @param {number} max */
function tooLarge(req, res, max) {
  // Connection: close, then a lingering close (closeGentlyWhenUnread): the body is still arriving.
  if (!res.headersSent) sendJson(res, 413, { message: `Request body is too large (at most ${Math.floor(max / 1024 / 1024)} MB)` }, { Connection: "close" });
  // An answer already under way cannot say 413: the connection goes at once.
  else if (!res.writableEnded) req.socket.destroy();
  return true;
}

/** How long, and how many more bytes, a body still arriving after its answer is read and discarded before the connection is cut. */
export const LINGER_MS = 2_000;
export const LINGER_BYTES = 16 * 1024 * 1024;
const LINGERING = Symbol("nosh.lingering");

/**
 * A 413 given before its request's body has fully arrived (the host's cap or a route's) goes
 * out with `Connection: close`, and the
 * connection is then closed without a reset: closing a socket whose received bytes are unread
 * makes the kernel send RST, and a client still writing its body would see ECONNRESET instead
 * of reading the answer. So, like nginx's lingering close, the socket sends its FIN after the
 * answer and goes on reading (Node's parser discards the rest of the body) until the client
 * closes, or for LINGER_MS, or LINGER_BYTES more, whichever comes first: a slow or endless client
 * cannot hold the connection longer. Called for each request with a body (server/pipeline.mjs).
 * @param {IncomingMessage} req @param {ServerResponse} res
 */
export function closeGentlyWhenUnread(req, res) {
  // Taken now: a route that stops reading at its cap destroys the request, which drops req.socket.
  const socket = req.socket;
  const { writeHead } = methodsOf(res);
  setMethods(res, {
    writeHead: function writeHeadUnread(...args) {
      // Node then writes `Connection: close` and closes after the answer (resOnFinish: socket.destroySoon).
      // Only a refused body: any other early answer (a 401, a 503 before an upload is read) keeps the
      // connection and Node reads the body to its end as before, as clients that send it whole expect.
      if (!req.complete && Number(args[0] ?? this.statusCode) === 413) {
        this.shouldKeepAlive = false;
        lingerThenClose(req, socket);
      }
      return writeHead.apply(this, args);
    },
  });
}

/**
 * Makes Node's close after the answer (socket.destroySoon) a lingering one; a direct destroy()
 * stays immediate. @param {IncomingMessage} req @param {import("node:net").Socket} connection
 */
function lingerThenClose(req, connection) {
  const socket = /** @type {import("node:net").Socket & { [LINGERING]?: boolean, destroySoon?: () => void }} */ (connection);
  if (socket[LINGERING] || socket.destroyed) return;
  socket[LINGERING] = true;
  socket.destroySoon = function linger() {
    if (socket.destroyed) return;
    socket.end();
    // Whoever was reading the body (a route that stopped at its cap) is done with it: Node's parser
    // now drops what arrives (IncomingMessage's own _dump, as Node does for a body nobody read),
    // and the socket reads on even if that reader had paused it.
    /** @type {IncomingMessage & { _dump?: () => void }} */ (req)._dump?.();
    socket.resume();
    const from = socket.bytesRead;
    const deadline = setTimeout(() => socket.destroy(), LINGER_MS);
    const meter = setInterval(() => socket.bytesRead - from > LINGER_BYTES && socket.destroy(), 50);
    socket.once("close", () => {
      clearTimeout(deadline);
      clearInterval(meter);
    });
    // The client closed its side: nothing more is coming.
    socket.once("end", () => socket.destroy());
  };
}
