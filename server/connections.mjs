// @ts-check
// Which connections the host keeps under a flood, and what it answers when Node's HTTP parser
// refuses a request. Every answer here is in the API contract's error shape (server/json-errors.mjs).
import http from "node:http";
import { JSON_ERROR_HEADERS } from "./json-errors.mjs";

/** @import { Server } from "node:http" */
/** @import { Socket } from "node:net" */

/** What the host counts on each connection. @typedef {Socket & { nosh?: { open: boolean, active: number } }} CountedSocket */

/**
 * Keeps at most `max` connections open, letting new clients in when the cap is reached: a new
 * connection over the cap sheds the connection that has waited longest without a request under
 * way, that is one whose request headers are still incomplete (a half-sent request) or one idle
 * between keep-alive requests. Node's own server.maxConnections would close the newcomer instead,
 * so 4,096 half-sent requests kept every client out until the header timeout cut them (13.6 s,
 * docs/deploying.md). A connection with a request under way (a live order event stream, an upload,
 * a page being rendered) is never shed; when all of them have one, the newcomer is closed.
 * Returns how many were shed so far (for the log).
 * @param {Server} server @param {number} max @param {(message: string) => void} [log]
 */
export function shedConnections(server, max, log = () => {}) {
  // Oldest first (a Map keeps insertion order): re-inserted whenever a connection turns idle.
  /** @type {Map<CountedSocket, true>} */
  const waiting = new Map();
  let open = 0;
  let shed = 0;
  let loggedAt = 0;
  // Counted once, at the first of: shed here, or closed (a shed socket closes a tick later).
  /** @param {CountedSocket} socket */
  const release = (socket) => {
    waiting.delete(socket);
    if (!socket.nosh?.open) return;
    socket.nosh.open = false;
    open--;
  };
  server.on("connection", (/** @type {CountedSocket} */ socket) => {
    socket.nosh = { open: true, active: 0 };
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
    /** @type {CountedSocket} */
    const socket = req.socket;
    const counts = socket.nosh ?? (socket.nosh = { open: false, active: 0 });
    counts.active++;
    waiting.delete(socket);
    // "finish", not "close": a live event stream's hand-off (server/stream-handoff.mjs) runs the
    // response's close listeners when Next.js lets go of it, long before the stream ends.
    res.once("finish", () => {
      counts.active--;
      if (counts.active === 0 && counts.open && !socket.destroyed) waiting.set(socket, true);
    });
  });
  return {
    get shed() {
      return shed;
    },
  };
}

/** What Node's parser errors answer (its own answers have no body). @type {Record<string, [number, string]>} */
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, "Request headers are too large"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Chunk extensions are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive"],
};
/** @type {[number, string]} */
const MALFORMED = [400, "Malformed request"];

/**
 * Answers a request Node's HTTP parser refused (oversized headers, a header timeout, bad syntax)
 * as Node would, with a JSON body, then closes the connection. Nothing is written once an answer
 * on that connection has started (it would corrupt it), nor to a connection already gone.
 * @param {Server} server
 */
export function answerClientErrors(server) {
  server.on(
    "clientError",
    (/** @type {NodeJS.ErrnoException} */ error, /** @type {import("node:stream").Duplex & { _httpMessage?: http.ServerResponse | null }} */ socket) => {
      const inFlight = socket._httpMessage;
      if (error.code !== "ECONNRESET" && socket.writable && !inFlight?.headersSent) {
        const [status, message] = CLIENT_ERRORS[error.code ?? ""] ?? MALFORMED;
        const body = JSON.stringify({ message });
        const headers = { ...JSON_ERROR_HEADERS, "Content-Length": Buffer.byteLength(body), Connection: "close" };
        const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
        socket.once("finish", () => socket.destroy());
        setTimeout(() => socket.destroy(), 1_000).unref();
      } else socket.destroy();
    },
  );
}
