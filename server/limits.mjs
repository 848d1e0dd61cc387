// @ts-check
// Limits the app relies on, applied before Next.js sees the request: methods outside
// ALLOWED_METHODS answer 405 (Next.js answers TRACE with a 500 and a stack trace in the log); no
// body may exceed NOSH_MAX_BODY_BYTES (counted as it arrives, whatever Content-Length says:
// defence in depth under the per-route caps of lib/server/web/http.ts). The timeouts and the
// connection cap are the server's (server/worker.mjs, server/connections.mjs).
import { sendJson } from "./json-errors.mjs";

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
 * Refuses the request once its body passes `max` bytes: a 413 (when nothing was sent yet), then the connection closes.
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
