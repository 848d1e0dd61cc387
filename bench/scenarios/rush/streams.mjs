// The dinner rush's event streams (Server-Sent Events) held by the load generator: the customers'
// order streams, the owners' boards, the courier apps. Each message's JSON is handed to `onEvent`;
// a stream that ends before the step closes it is a dropped stream (an error, as is a refusal).

import http from "node:http";

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

export class Streams {
  constructor(base) {
    this.base = base;
    this.open = 0;
    this.refused = 0;
    this.dropped = 0;
    this.samples = [];
    this.requests = new Set();
    this.closing = false;
  }

  sample(text) {
    if (this.samples.length < 4) this.samples.push(text);
  }

  /**
   * Opens `path` with `cookie`; `onEvent(data, at)` for every `data:` message (parsed JSON) and
   * `onOpen()` once it answered 200. Returns a handle whose close() ends it without counting a drop.
   */
  hold(path, cookie, onEvent, onOpen = () => {}) {
    const handle = { closed: false, request: null, close: () => {} };
    const request = http.get(this.base + path, { agent: streamAgent, headers: { cookie, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) {
        this.refused++;
        this.sample(`${path}: ${response.statusCode}`);
        response.resume();
        return;
      }
      this.open++;
      onOpen();
      let tail = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        const at = performance.now();
        const text = tail + chunk;
        const end = text.lastIndexOf("\n\n");
        if (end < 0) {
          tail = text;
          return;
        }
        tail = text.slice(end + 2);
        for (const message of text.slice(0, end).split("\n\n")) {
          const line = message.split("\n").find((l) => l.startsWith("data: "));
          if (!line) continue;
          try {
            onEvent(JSON.parse(line.slice(6)), at);
          } catch {
            // Not JSON (a comment, a keep-alive): nothing to time.
          }
        }
      });
      const ended = () => {
        if (handle.closed || this.closing) return;
        handle.closed = true;
        this.open--;
        this.dropped++;
        this.sample(`${path}: ended by the server`);
      };
      response.on("end", ended);
      response.on("error", ended);
      handle.close = () => {
        if (handle.closed) return;
        handle.closed = true;
        this.open--;
        request.destroy();
      };
    });
    request.on("error", (error) => {
      if (handle.closed || this.closing) return;
      if (!request.res) {
        this.refused++;
        this.sample(`${path}: ${error?.code ?? error}`);
      }
    });
    this.requests.add(request);
    handle.request = request;
    return handle;
  }

  /** Ends every stream (the step is over). */
  closeAll() {
    this.closing = true;
    for (const request of this.requests) request.destroy();
  }

  summary() {
    return { open: this.open, refused: this.refused, dropped: this.dropped, samples: this.samples };
  }
}

/**
 * Times events reaching their streams: expect(orderId, stage, t0, streams) before (or as) a step
 * is taken, saw(orderId, stage, at) when a stream has it. Latencies from t0 to each arrival;
 * `missing` is what never arrived within the grace period.
 */
export class EventClock {
  constructor() {
    this.waiting = new Map(); // "orderId|stage" -> { t0, expected, arrived }
    this.latencies = [];
  }
  expect(orderId, stage, t0, expected) {
    if (expected > 0) this.waiting.set(`${orderId}|${stage}`, { t0, expected, arrived: 0 });
  }
  /** The step was refused: its event is not expected. */
  cancel(orderId, stage) {
    this.waiting.delete(`${orderId}|${stage}`);
  }
  saw(orderId, stage, at) {
    const w = this.waiting.get(`${orderId}|${stage}`);
    if (!w) return;
    w.arrived++;
    this.latencies.push(at - w.t0);
    if (w.arrived >= w.expected) this.waiting.delete(`${orderId}|${stage}`);
  }
  summary() {
    const sorted = this.latencies.sort((a, b) => a - b);
    const at = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : null);
    const missingByStage = {};
    for (const [key, w] of this.waiting) {
      const stage = key.slice(key.indexOf("|") + 1);
      missingByStage[stage] = (missingByStage[stage] ?? 0) + w.expected - w.arrived;
    }
    const missing = Object.values(missingByStage).reduce((n, m) => n + m, 0);
    return { deliveries: sorted.length, p50: at(0.5), p99: at(0.99), missing, missingByStage };
  }
}
