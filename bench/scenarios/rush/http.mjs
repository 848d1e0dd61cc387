// The dinner rush's client side (bench/scenarios/rush/drive.mjs, in the load generator's process):
// one request with its latency, the per-class tallies, and an open-loop pacer.

import http from "node:http";

/** Keep-alive connections shared by the one-shot requests (pages, reads, steps). */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const TIMEOUT_MS = 10_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request: { status (0: network error or timeout), text, ms, error }. `auth` is { cookie, xsrf }
 * (xsrf sent on writes); `body` an object sent as JSON. The answer is read whole.
 */
export function request(base, method, path, { auth = null, body = undefined, headers = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve({ ms: performance.now() - started, ...answer });
    };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const all = { ...headers };
    if (auth?.cookie) all.cookie = auth.cookie;
    if (auth?.xsrf && method !== "GET") all["XSRF-Token"] = auth.xsrf;
    if (payload !== undefined) {
      all["content-type"] = "application/json";
      all["content-length"] = Buffer.byteLength(payload);
    }
    const req = http.request(base + path, { method, headers: all, agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => finish({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
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
    if (!this.classes.has(name)) this.classes.set(name, { latencies: [], errors: 0, refused: 0, samples: [] });
    return this.classes.get(name);
  }
  /** Records one answer of `name`; `ms` from when it was due (defaults to the answer's own time). */
  add(name, answer, what, ms = answer.ms) {
    const c = this.of(name);
    if (answer.status >= 200 && answer.status < 400) c.latencies.push(ms);
    else {
      if (answer.status === 0 || answer.status >= 500) c.errors++;
      else c.refused++;
      if (c.samples.length < 4) c.samples.push(`${what}: ${answer.status || answer.error} ${answer.text.slice(0, 160)}`);
    }
    return answer;
  }
  summary() {
    const out = {};
    for (const [name, c] of this.classes) {
      const sorted = c.latencies.sort((a, b) => a - b);
      const at = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : null);
      out[name] = { count: sorted.length, p50: at(0.5), p99: at(0.99), errors: c.errors, refused: c.refused, samples: c.samples };
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
