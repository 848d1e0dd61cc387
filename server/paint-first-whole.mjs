// @ts-check
// Pages rendered for each visitor (never kept) that paint first all the same: their answer is
// held whole (Next.js asked for it uncompressed), rewritten as a kept page is (inlineStyles,
// paintFirst) and gzipped here (in zlib's thread pool). Only pages rendered in one piece belong here (no Suspense
// boundary streams after the shell, so holding the answer delays nothing), and only their
// document requests (a client-side navigation's RSC answer passes untouched): /checkout, whose
// order is rendered on the server (docs/architecture/cart-checkout-reviews.md, "The order at checkout"),
// and an order's page (/orders/{id}, where checkout lands: its parts loaded after the page render
// nothing on the server).
import zlib from "node:zlib";
import { chooseEncoding } from "./accept-encoding.mjs";
import { paintFirstPage } from "./paint-first.mjs";
import { asksForDocument, callbackOf, chunkBytes, headersInCall, isData, methodsOf, nonceOf, setMethods } from "./response-methods.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */

const PAINT_FIRST_PAGES = [/^\/checkout$/, /^\/orders\/\d+$/];

/** Whether `req` asks for the HTML of a per-visitor page that paints first. @param {IncomingMessage} req */
export function paintsFirst(req) {
  const path = String(req.url).split("?")[0];
  if (req.method !== "GET" || !PAINT_FIRST_PAGES.some((page) => page.test(path))) return false;
  return asksForDocument(req);
}

/**
 * Holds Next.js's answer to `req` and sends it rewritten to paint first (an HTML page with its nonce; anything else as it was).
 * @param {IncomingMessage} req @param {ServerResponse} res
 */
export function paintFirstWhole(req, res) {
  const gzip = chooseEncoding(req.headers["accept-encoding"], ["gzip"]) === "gzip";
  delete req.headers["accept-encoding"];
  const original = methodsOf(res);
  const { writeHead, end } = original;
  /** @type {Buffer[]} */
  const chunks = [];
  /** @type {unknown[] | null} */
  let head = null;
  /** @param {unknown} chunk @param {unknown} encoding */
  const keep = (chunk, encoding) => {
    if (isData(chunk)) chunks.push(chunkBytes(chunk, encoding));
  };
  setMethods(res, {
    writeHead: function holdHead(...args) {
      head = args;
      return this;
    },
    write: function hold(chunk, encoding, callback) {
      keep(chunk, encoding);
      const done = callbackOf(encoding, callback);
      if (done) process.nextTick(done);
      return true;
    },
    end: function sendRewritten(chunk, encoding, callback) {
      keep(chunk, encoding);
      const done = callbackOf(chunk, encoding, callback);
      setMethods(res, original);
      let body = Buffer.concat(chunks);
      // Headers given to writeHead itself cannot be amended: such an answer goes out as it was.
      if (head && headersInCall(head)) {
        writeHead.apply(this, head);
        return end.call(this, body, done);
      }
      if (head) this.statusCode = Number(head[0]);
      if (head && typeof head[1] === "string") this.statusMessage = head[1];
      const nonce = nonceOf(this.getHeader("content-security-policy"));
      /** @param {Buffer} bytes */
      const send = (bytes) => {
        res.removeHeader("transfer-encoding");
        res.setHeader("content-length", bytes.length);
        return end.call(res, bytes, done);
      };
      if (this.statusCode === 200 && nonce && String(this.getHeader("content-type") ?? "").startsWith("text/html") && this.getHeader("content-encoding") === undefined) {
        body = Buffer.from(paintFirstPage(body.toString("latin1"), nonce), "latin1");
        if (gzip) this.setHeader("content-encoding", "gzip");
        const vary = this.getHeader("vary");
        if (!/accept-encoding/i.test(String(vary ?? ""))) this.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
        if (gzip) {
          // In zlib's thread pool: on the main thread a page's gzip held the event loop (the
          // answer ends once it is done, as with Next.js's own compression).
          const plain = body;
          zlib.gzip(plain, { level: 6 }, (error, zipped) => {
            if (!error) return void send(zipped);
            res.removeHeader("content-encoding");
            send(plain);
          });
          return this;
        }
      }
      return send(body);
    },
  });
}
