// The dinner rush's client side (bench/scenarios/rush/drive.mjs, in the load generator's process):
// one request with its latency, the per-class tallies, and an open-loop pacer.

import http from "node:http";
import zlib from "node:zlib";

/** Keep-alive connections shared by the one-shot requests (pages, reads, steps). */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const TIMEOUT_MS = 10_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The sessions the server renewed (its Set-Cookie on a read past the idle clock's refresh):
 * old nosh_session value -> new. A browser keeps the new cookie; so does `auth` here, and the
 * step hands these on to the next (rush/steps.mjs carry). Sending the old one on forever made
 * every signed-in read re-seal it (two PBKDF2 derivations) and never replay a kept page.
 */
export const renewedSessions = new Map();
const SESSION = /(^|;\s*)nosh_session=([^;]*)/;

function keepCookies(auth, setCookie) {
  for (const line of setCookie ?? []) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (name === "nosh_session" && value) {
      const old = SESSION.exec(auth.cookie)?.[2];
      if (old === undefined || old === value) continue;
      auth.cookie = auth.cookie.replace(SESSION, `$1nosh_session=${value}`);
      renewedSessions.set(old, value);
    } else if (name === "XSRF-TOKEN" && value && auth.cookie.includes("XSRF-TOKEN=")) {
      auth.cookie = auth.cookie.replace(/XSRF-TOKEN=[^;]*/, `XSRF-TOKEN=${value}`);
      auth.xsrf = value;
    }
  }
}

/** `cookie` with the session renewed as `renewed` (old -> new) says, following a chain of renewals. */
export function renewedCookie(cookie, renewed) {
  let session = SESSION.exec(cookie)?.[2];
  if (session === undefined || !renewed.has(session)) return cookie;
  for (let hops = 0; renewed.has(session) && hops < 100; hops++) session = renewed.get(session);
  return cookie.replace(SESSION, `$1nosh_session=${session}`);
}
const EMPTY = Buffer.alloc(0);

/**
 * One request: { status (0: network error or timeout), text, ms, error, sent, raw, encoding }. `auth`
 * is { cookie, xsrf } (xsrf sent on writes); `body` an object sent as JSON. The answer is read whole:
 * `raw` its bytes as sent (`encoding`: its Content-Encoding); `sent` { method, bytes, cookieChars,
 * gzip } what the request carried (its bare twin carries the same: rush/floors.mjs).
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {{ auth?: { cookie: string, xsrf?: string } | null, body?: unknown, headers?: Record<string, string> }} [options]
 */
export function request(base, method, path, { auth = null, body = undefined, headers = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve({ ms: performance.now() - started, sent, raw: EMPTY, encoding: undefined, ...answer });
    };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const all = { ...headers };
    if (auth?.cookie) all.cookie = auth.cookie;
    if (auth?.xsrf && method !== "GET") all["XSRF-Token"] = auth.xsrf;
    if (payload !== undefined) {
      all["content-type"] = "application/json";
      all["content-length"] = Buffer.byteLength(payload);
    }
    const sent = {
      method,
      bytes: payload === undefined ? 0 : Buffer.byteLength(payload),
      cookieChars: all.cookie?.length ?? 0,
      gzip: /gzip/.test(all["accept-encoding"] ?? ""),
    };
    const req = http.request(base + path, { method, headers: all, agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        if (auth?.cookie && res.headers["set-cookie"]) keepCookies(auth, res.headers["set-cookie"]);
        const raw = Buffer.concat(chunks);
        finish({ status: res.statusCode, text: raw.toString("utf8"), raw, encoding: res.headers["content-encoding"] });
      });
      res.on("error", (error) => finish({ status: 0, text: "", error: String(error?.code ?? error) }));
      // A connection cut mid-answer (a worker that died) ends here, with or without an error.
      res.on("close", () => finish({ status: 0, text: "", error: "closed mid-answer" }));
    });
    // The whole request, queued for a socket or not, within TIMEOUT_MS.
    const deadline = setTimeout(() => {
      finish({ status: 0, text: "", error: "timeout" });
      req.destroy();
    }, TIMEOUT_MS);
    req.on("error", (error) => finish({ status: 0, text: "", error: String(error?.code ?? error) }));
    req.on("close", () => finish({ status: 0, text: "", error: "closed" }));
    req.end(payload);
  });
}

export const json = (answer) => {
  try {
    return JSON.parse(answer.text);
  } catch {
    return null;
  }
};

/**
 * Per-class tallies: latencies of the answered (2xx/3xx), errors (5xx, timeouts, network: the
 * issue's errors), refusals (4xx: counted and sampled, not errors), samples of each.
 */
export class Tally {
  constructor() {
    this.classes = new Map();
  }
  of(name) {
    if (!this.classes.has(name)) this.classes.set(name, { latencies: [], errors: 0, refused: 0, samples: [], shape: newShape() });
    return this.classes.get(name);
  }
  /** Records one answer of `name` (its shape too, when it says what it sent); `ms` from when it was due (defaults to the answer's own time). */
  add(name, answer, what, ms = answer.ms) {
    const c = this.of(name);
    if (answer.sent) addToShape(c.shape, answer);
    if (answer.status >= 200 && answer.status < 400) c.latencies.push(ms);
    else {
      if (answer.status === 0 || answer.status >= 500) c.errors++;
      else c.refused++;
      if (c.samples.length < 4) c.samples.push(`${what}: ${answer.status || answer.error} ${answer.text.slice(0, 160)}`);
    }
    return answer;
  }
  summary() {
    /** @type {Record<string, any>} */
    const out = {};
    for (const [name, c] of this.classes) {
      const sorted = c.latencies.sort((a, b) => a - b);
      const at = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : null);
      out[name] = { count: sorted.length, p50: at(0.5), p99: at(0.99), errors: c.errors, refused: c.refused, samples: c.samples, shape: shapeOf(c.shape) };
    }
    return out;
  }
}

/**
 * Open loop: calls `fire(n, due)` `rate` times a second for `seconds`, each when due, never
 * waiting for an answer (a slow server is charged from the due time: no coordinated omission).
 * Returns the promises of every call.
 */
export async function paced(rate, seconds, fire) {
  const calls = [];
  if (rate <= 0) return calls;
  const total = Math.floor(rate * seconds);
  const every = 1000 / rate;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + n * every;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    calls.push(fire(n, due));
  }
  return calls;
}

/** The element `n` of `list`, cycling. */
export const nth = (list, n) => list[n % list.length];

const newShape = () => ({ n: 0, methods: {}, sentBytes: 0, withCookie: 0, cookieChars: 0, gzip: 0, answerBytes: 0, wireBytes: 0, html: 0, htmlBytes: 0 });

/** An answer's length unzipped (a page's HTML size comes from its first answer: `htmlBytes`). */
function plainLength(answer) {
  if (answer.htmlBytes) return answer.htmlBytes;
  try {
    if (answer.encoding === "gzip") return zlib.gunzipSync(answer.raw).length;
    if (answer.encoding === "br") return zlib.brotliDecompressSync(answer.raw).length;
  } catch {}
  return answer.raw.length;
}

function addToShape(shape, answer) {
  const { method, bytes, cookieChars, gzip } = answer.sent;
  shape.n++;
  if (gzip) shape.gzip++;
  shape.methods[method] = (shape.methods[method] ?? 0) + 1;
  shape.sentBytes += bytes;
  if (cookieChars) {
    shape.withCookie++;
    shape.cookieChars += cookieChars;
  }
  shape.wireBytes += answer.raw.length;
  shape.answerBytes += plainLength(answer);
  if (answer.htmlBytes) {
    shape.html++;
    shape.htmlBytes += answer.htmlBytes;
  }
}

/**
 * What a class's requests carried, on average (rush/floors.mjs gives its bare twin the same):
 * { requests, method (the most used), sentBytes, cookieShare (of the requests with a cookie),
 * cookieChars (theirs), gzip (asked for by most), answerBytes (unzipped), wireBytes (as sent),
 * htmlBytes (a page's) }.
 */
function shapeOf(shape) {
  if (!shape.n) return null;
  const method = Object.entries(shape.methods).sort(([, a], [, b]) => b - a)[0][0];
  const mean = (sum, n) => (n ? Math.round(sum / n) : 0);
  return {
    requests: shape.n,
    method,
    sentBytes: mean(shape.sentBytes, shape.n),
    cookieShare: shape.withCookie / shape.n,
    cookieChars: mean(shape.cookieChars, shape.withCookie),
    gzip: shape.gzip * 2 > shape.n,
    answerBytes: mean(shape.answerBytes, shape.n),
    wireBytes: mean(shape.wireBytes, shape.n),
    htmlBytes: shape.html ? mean(shape.htmlBytes, shape.html) : null,
  };
}
