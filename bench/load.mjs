// The load generator for `npm run bench`, run as a child process so that bench/servers.mjs can pin
// it to its own core (`taskset -c 1`), away from the servers on core 0. It takes one JSON
// argument and prints one JSON result on stdout.
//
//   { "mode": "autocannon", "url", "connections", "seconds", "headers", "redirectsOk", "method", "body" }
//     method and body (a string) for a write's bare twin (bench/bare.mjs loadBarePost); GET by default.
//     -> { requestsPerSec, p50, p99, requests, errors, non2xx, timeouts }
//   { "mode": "checkout", "base", "cookie", "xsrf", "restaurantId", "items", "concurrency", "seconds", "paymentMethod", "oneCall" }
//     -> { requestsPerSec (checkouts/s), p50, p99 (ms per create + submit), requests, errors, errorSamples }
//     oneCall: one POST /api/orders with `submit` per checkout (answered 201 with the Submitted
//     order) instead of POST /api/orders then PUT /api/orders/{id}/submit.
//   { "mode": "login-flood", "base", "credential", "password", "concurrency", "seconds" }
//     -> { requestsPerSec (correct logins/s), statuses: { "200": n, "503": n, ... }, errors }
//   { "mode": "event-streams", "base", "streams", "owner": {cookie, xsrf}, "customer": {cookie, xsrf},
//     "restaurantId", "items", "openSeconds", "stepSeconds", "stepEveryMs" }
//     -> { open (streams open when the steps began), refused, p50, p99 (ms from an owner's step
//        to its event on every stream), deliveries, steps, missing }
//   { "mode": "paced", "url", "method", "clients": [{cookie, xsrf}], "rate", "seconds", "body": null | "position" | JSON text, "headers" }
//     -> { requests, p50, p99, errors, statuses, errorSamples }
//     An open loop: `rate` requests a second spread evenly over the clients (each in turn, so
//     each client sends every clients/rate seconds), each client on its own keep-alive
//     connection, latency measured from when each request was due. "position":
//     a courier's POST /api/courier/position moving about 20 m (~15 km/h) a report.
//   { "mode": "order-watchers", "base", "watchers": [{cookie, orderId}], "seconds", "readyFile" }
//     -> { open, refused, positions (courier_position events received) }
//     Holds one order event stream per watcher (a customer on their order's page).
//     Holds `streams` owner-board event streams (0: none, the owner's steps only); once all have
//     answered (at most `openSeconds`; then `readyFile` is written) and `quietSeconds` more have
//     passed with no steps (then `steppingFile` is written), it repeats for
//     `stepSeconds`: the customer places an order (not timed), then the owner completes it and
//     the time until each stream has the `delivered` event is recorded.
//   { "mode": "rush", "base", "multiplier", "seconds", "checkoutOffset", "world" }
//     One step of the dinner rush: bench/scenarios/rush/drive.mjs says what it sends and answers.
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";

const job = JSON.parse(process.argv[2].startsWith("@") ? fs.readFileSync(process.argv[2].slice(1), "utf8") : process.argv[2]);

async function runAutocannon({ url, connections, seconds, headers = {}, redirectsOk = false, method = "GET", body = undefined }) {
  const result = await autocannon({ url, connections, duration: seconds, headers, method, body });
  // No answer within the run (every request slower than the run is long): no latency to report,
  // and the requests still in flight count as errors rather than as a clean 0.
  const answered = result.requests.total > 0;
  return {
    requestsPerSec: result.requests.average,
    p50: answered ? result.latency.p50 : null,
    p99: answered ? result.latency.p99 : null,
    unanswered: answered ? 0 : connections,
    requests: result.requests.total,
    // Socket errors, timeouts and non-2xx answers all count as errors for the targets.
    // redirectsOk: a row that measures a redirect (a signed-in visitor's /) counts 3xx as answers.
    errors: result.errors + result.timeouts + result.non2xx - (redirectsOk ? result["3xx"] : 0) + (answered ? 0 : connections),
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

// Create + submit, back to back, from `concurrency` loops for `seconds`. autocannon cannot
// chain a request on the previous answer's id without per-request hooks, so this is plain
// fetch (undici, keep-alive). One checkout = both calls succeeded.
async function runCheckout({ base, cookie, xsrf, restaurantId, items, concurrency, seconds, paymentMethod = "card", oneCall = false }) {
  const headers = { "content-type": "application/json", cookie, "XSRF-Token": xsrf };
  // Wallet: the bench tops the wallet up first so it cannot run dry mid-run.
  const submit = { deliveryOption: "standard", tipPercent: 15, paymentMethod };
  const deadline = Date.now() + seconds * 1000;
  const latencies = [];
  const errorSamples = [];
  let errors = 0;
  const fail = (what, status, text) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(`${what}: ${status} ${String(text).slice(0, 200)}`);
  };

  async function loop() {
    while (Date.now() < deadline) {
      const start = performance.now();
      try {
        if (oneCall) {
          const placed = await fetch(`${base}/api/orders`, { method: "POST", headers, body: JSON.stringify({ restaurantId, items, submit }) });
          const order = await placed.json().catch(() => null);
          // A server without the one-call path answers an Active order: not a checkout.
          if (placed.status !== 201 || order?.status !== "Submitted") fail("checkout", placed.status, JSON.stringify(order));
          else latencies.push(performance.now() - start);
          continue;
        }
        const created = await fetch(`${base}/api/orders`, { method: "POST", headers, body: JSON.stringify({ restaurantId, items }) });
        const order = await created.json().catch(() => null);
        if (created.status !== 201 || !order?.id) {
          fail("create", created.status, JSON.stringify(order));
          continue;
        }
        const submitted = await fetch(`${base}/api/orders/${order.id}/submit`, {
          method: "PUT",
          headers,
          body: JSON.stringify(submit),
        });
        const text = await submitted.text();
        if (submitted.status !== 200) {
          fail("submit", submitted.status, text);
          continue;
        }
        latencies.push(performance.now() - start);
      } catch (error) {
        fail("network", "-", error?.cause?.code ?? error?.message ?? error);
      }
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]) : null);
  return { requestsPerSec: latencies.length / elapsed, p50: pct(50), p99: pct(99), requests: latencies.length, errors, errorSamples };
}

// Correct logins from `concurrency` loops for `seconds`, each with a fresh anti-forgery pair
// (one per loop, as a crowd of clients would); every answer's status is counted.
async function runLoginFlood({ base, credential, password, concurrency, seconds }) {
  const deadline = Date.now() + seconds * 1000;
  const statuses = {};
  let errors = 0;
  async function loop() {
    const first = await fetch(`${base}/api/auth/`);
    await first.arrayBuffer();
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join("\n"))?.[1];
    const headers = { "content-type": "application/json", cookie: `XSRF-TOKEN=${xsrf}`, "XSRF-Token": xsrf };
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`${base}/api/auth/login`, { method: "POST", headers, body: JSON.stringify({ credential, password }) });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        // A refused login (503 busy, 429) is retried after the server's Retry-After, as a client would.
        if (response.status !== 200) await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get("retry-after") ?? 1)));
      } catch {
        errors++;
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return { requestsPerSec: (statuses[200] ?? 0) / elapsed, statuses, errors };
}

async function runEventStreams({
  base,
  streams,
  owner,
  customer,
  restaurantId,
  items,
  openSeconds,
  stepSeconds,
  stepEveryMs,
  readyFile,
  quietSeconds = 0,
  steppingFile = null,
}) {
  // node:http rather than fetch: this process shares its core with autocannon, and a web-stream
  // body per stream costs the reader several times what it costs the server to send. Each
  // stream's bytes are only scanned for the `delivered` event of a timed order.
  const waiters = new Map(); // orderId -> { t0, arrived: [] }
  let refused = 0;
  let open = 0;
  const requests = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const DELIVERED = Buffer.from('"stage":"delivered"');
  const readStream = () =>
    new Promise((resolve) => {
      const request = http.get(`${base}/api/manage/${restaurantId}/orders/events`, { agent, headers: { cookie: owner.cookie } }, (response) => {
        if (response.statusCode !== 200) {
          refused++;
          response.resume();
          response.on("end", resolve);
          return;
        }
        open++;
        let tail = Buffer.alloc(0);
        response.on("data", (chunk) => {
          const now = performance.now();
          const bytes = tail.length ? Buffer.concat([tail, chunk]) : chunk;
          // Whole messages only; one cut between two chunks waits for the next.
          const end = bytes.lastIndexOf("\n\n");
          tail = end >= 0 ? bytes.subarray(end + 2) : bytes;
          for (let at = bytes.indexOf(DELIVERED); at >= 0 && at < end; at = bytes.indexOf(DELIVERED, at + 1)) {
            const line = bytes.lastIndexOf("data: ", at);
            const orderId = /"orderId":(\d+)/.exec(bytes.toString("latin1", line, at))?.[1];
            const waiter = orderId && waiters.get(Number(orderId));
            if (waiter) waiter.arrived.push(now - waiter.t0);
          }
        });
        response.on("end", resolve);
        response.on("error", resolve);
      });
      request.on("error", () => resolve());
      requests.push(request);
    });
  const reading = Array.from({ length: streams }, readStream);
  // Until every stream has its answer (at most openSeconds), then tell bench/scenarios/events.mjs.
  for (let waited = 0; open + refused < streams && waited < openSeconds * 1000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  const openAtStart = open;
  const opened = performance.now();
  if (readyFile) (await import("node:fs")).writeFileSync(readyFile, String(open));
  // Streams held with no events first, if asked: what holding them costs by itself.
  if (quietSeconds) await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
  if (steppingFile) (await import("node:fs")).writeFileSync(steppingFile, "");
  const json = (who) => ({ "content-type": "application/json", cookie: who.cookie, "XSRF-Token": who.xsrf });
  const deadline = Date.now() + stepSeconds * 1000;
  let steps = 0;
  while (Date.now() < deadline) {
    const created = await (await fetch(`${base}/api/orders`, { method: "POST", headers: json(customer), body: JSON.stringify({ restaurantId, items }) })).json();
    const submitted = await fetch(`${base}/api/orders/${created.id}/submit`, {
      method: "PUT",
      headers: json(customer),
      body: JSON.stringify({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" }),
    });
    if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`);
    const waiter = { t0: performance.now(), arrived: [], expected: open };
    waiters.set(created.id, waiter);
    const done = await fetch(`${base}/api/manage/${restaurantId}/orders/${created.id}`, {
      method: "PUT",
      headers: json(owner),
      body: JSON.stringify({ status: "Completed" }),
    });
    if (done.status !== 200) throw new Error(`complete: ${done.status} ${await done.text()}`);
    steps++;
    await new Promise((resolve) => setTimeout(resolve, stepEveryMs));
  }
  // Late deliveries still count (they make the p99): wait until every stream has every step, or 10 s.
  const expected = [...waiters.values()].reduce((n, w) => n + w.expected, 0);
  const arrivedCount = () => [...waiters.values()].reduce((n, w) => n + w.arrived.length, 0);
  for (let waited = 0; arrivedCount() < expected && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const request of requests) request.destroy();
  await Promise.all(reading);
  const all = [...waiters.values()].flatMap((w) => w.arrived).sort((a, b) => a - b);
  const at = (q) => (all.length ? all[Math.min(all.length - 1, Math.floor(q * all.length))] : null);
  return { open: openAtStart, openMs: Math.round(opened), refused, steps, deliveries: all.length, missing: expected - all.length, p50: at(0.5), p99: at(0.99) };
}

// Each client is one device: its own keep-alive connection (node:http, one socket), as a courier's
// phone holds one. A report waits for that client's previous answer, and its latency counts from
// when it was due, so a slow server is charged for the wait (no coordinated omission). One shared
// pool of fetch connections instead opened a new connection for every report due while the
// others were busy: a slow second became thousands of connections, which the server then had to
// accept and the host's connection cap shed, and the load generator measured its own storm.
async function runPaced({ url, method = "GET", clients = [{}], rate, seconds, body = null, headers: sent = {} }) {
  const latencies = [];
  const statuses = {};
  const errorSamples = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const every = 1000 / rate;
  const moved = clients.map((_, i) => ({ lat: 37.7 + (i % 50) * 0.002, lng: -122.47 + Math.floor(i / 50) * 0.002, step: 0 }));
  const agents = clients.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const target = new URL(url);
  const fail = (sample) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(sample);
  };
  const started = performance.now();
  const inFlight = [];
  for (let n = 0; n < total; n++) {
    const due = started + n * every;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const i = n % clients.length;
    const client = clients[i];
    const headers = { ...sent, ...(client.cookie ? { cookie: client.cookie } : {}), ...(client.xsrf ? { "XSRF-Token": client.xsrf } : {}) };
    let payload = body === null || body === "position" ? undefined : body;
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    if (body === "position") {
      const point = moved[i];
      point.lat += 0.00018; // about 20 m north a report, every 5 s: 14 km/h
      payload = JSON.stringify({ lat: point.lat, lng: point.lng, accuracy: 8 });
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    inFlight.push(
      new Promise((resolve) => {
        const request = http.request(target, { method, headers, agent: agents[i] }, (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => {
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            if (response.statusCode >= 200 && response.statusCode < 300) latencies.push(performance.now() - due);
            else fail(`${response.statusCode} ${Buffer.concat(chunks).toString("utf8").slice(0, 200)}`);
            resolve();
          });
          response.on("error", (error) => {
            fail(String(error?.code ?? error?.message ?? error));
            resolve();
          });
        });
        request.on("error", (error) => {
          fail(String(error?.code ?? error?.message ?? error));
          resolve();
        });
        request.end(payload);
      }),
    );
  }
  await Promise.all(inFlight);
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10 : null);
  return { requests: latencies.length, p50: pct(50), p99: pct(99), errors, statuses, errorSamples };
}

async function runOrderWatchers({ base, watchers, seconds, readyFile }) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const POSITION = Buffer.from("courier_position");
  let open = 0;
  let refused = 0;
  let positions = 0;
  const requests = [];
  const reading = watchers.map(
    ({ cookie, orderId }) =>
      new Promise((resolve) => {
        const request = http.get(`${base}/api/orders/${orderId}/events`, { agent, headers: { cookie } }, (response) => {
          if (response.statusCode !== 200) {
            refused++;
            response.resume();
            return resolve();
          }
          open++;
          response.on("data", (chunk) => {
            for (let at = chunk.indexOf(POSITION); at !== -1; at = chunk.indexOf(POSITION, at + 1)) positions++;
          });
          response.on("close", resolve);
          response.on("error", resolve);
        });
        request.on("error", () => {
          refused++;
          resolve();
        });
        requests.push(request);
      }),
  );
  for (let waited = 0; open + refused < watchers.length && waited < 60_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  fs.writeFileSync(readyFile, String(open));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  for (const request of requests) request.destroy();
  await Promise.all(reading);
  return { open, refused, positions };
}

// What this process itself cost (every mode): a loader near a whole core of CPU is measuring
// itself, not the server (scenarios/couriers.mjs prints it beside each phase).
const loaderStarted = performance.now();
const result =
  job.mode === "rush"
    ? await (await import("./scenarios/rush/drive.mjs")).runRushStep(job)
    : job.mode === "paced"
      ? await runPaced(job)
      : job.mode === "order-watchers"
        ? await runOrderWatchers(job)
        : job.mode === "checkout"
          ? await runCheckout(job)
          : job.mode === "login-flood"
            ? await runLoginFlood(job)
            : job.mode === "event-streams"
              ? await runEventStreams(job)
              : await runAutocannon(job);
const cpu = process.cpuUsage();
result.loaderCpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - loaderStarted);
// A rush step may leave a checkout's path still waiting (counted as unfinished): exit once written.
process.stdout.write(JSON.stringify(result), () => job.mode === "rush" && process.exit(0));
