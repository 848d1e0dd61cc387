// @ts-check
// Watching Next.js's answer for one the store may keep (server/kept-answers/store.mjs): marked by
// its handler (the SHARED header) or, for a page, with the app's pageMark, a 200, setting no
// cookie but the anti-forgery token's, no bigger than the entry cap.
import { SHARED_HEADER } from "../../lib/shared/web/host-contract.mjs";
import { apiEntry, onlyXsrfCookie, pageEntry } from "./entries.mjs";
import { describeError, log } from "../log.mjs";
import { chunkBytes, headersInCall, isData, methodsOf, setMethods } from "../response-methods.mjs";

/** @import { ServerResponse } from "node:http" */
/** @import { Entry } from "./entries.mjs" */

/**
 * Watches Next.js's answer and hands it to `keep` if it was marked (a page's entry as a promise: it
 * is compressed off the main thread). The wrappers stay installed
 * (Next.js wraps them in turn: compression, the stream hand-off), turning into pass-throughs once
 * the answer is known not to be kept.
 * @param {ServerResponse} res
 * @param {{ page: boolean, pageMark: string | null, maxEntryBytes: number }} options
 * @param {(entry: Entry | Promise<Entry | null>) => void} keep
 */
export function captureAnswer(res, { page, pageMark, maxEntryBytes }, keep) {
  const { writeHead, write, end } = methodsOf(res);
  /** @type {"watching" | "keeping" | "passing"} */
  let state = "watching";
  /** @type {string | null} */
  let mark = null;
  /** @type {Buffer[]} */
  let chunks = [];
  let size = 0;
  /** @param {unknown} chunk @param {unknown} encoding */
  const collect = (chunk, encoding) => {
    if (state !== "keeping" || !isData(chunk)) return;
    const buffer = chunkBytes(chunk, encoding);
    size += buffer.length;
    if (size > maxEntryBytes) state = "passing";
    else chunks.push(buffer);
  };
  setMethods(res, {
    writeHead: function writeHeadAndWatch(...args) {
      if (state === "watching") {
        const value = this.getHeader(SHARED_HEADER);
        if (value !== undefined) this.removeHeader(SHARED_HEADER);
        mark = value !== undefined ? String(value) : pageMark;
        state = "passing";
        // A marked answer reads nothing of the request's cookies; the XSRF-TOKEN cookie that
        // route() or the proxy added for this request is left out (a replay sets its own). Any
        // other cookie means the answer was written for this request only.
        if (mark && onlyXsrfCookie(this.getHeader("set-cookie")) && !headersInCall(args.slice(1))) state = "keeping";
      }
      return writeHead.apply(this, args);
    },
    write: function writeAndKeep(chunk, encoding, callback) {
      if (state !== "passing") {
        if (!this.headersSent) this.writeHead(this.statusCode);
        collect(chunk, encoding);
      }
      return write.call(this, chunk, encoding, callback);
    },
    end: function endAndKeep(chunk, encoding, callback) {
      if (state !== "passing") {
        if (!this.headersSent) this.writeHead(this.statusCode);
        collect(chunk, encoding);
        if (state === "keeping" && this.statusCode === 200 && mark) {
          try {
            keep(page ? pageEntry(this, chunks, mark) : apiEntry(this, chunks, mark));
          } catch (error) {
            log(`shared answer not kept: ${describeError(error)}`);
          }
        }
        state = "passing";
        chunks = [];
      }
      return end.call(this, chunk, encoding, callback);
    },
  });
}
