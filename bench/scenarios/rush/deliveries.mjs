// The dinner rush's checkouts through the whole path (bench/scenarios/rush/drive.mjs): a customer
// places an order (card or wallet, a quarter with a promotion, a tenth scheduled) and watches it;
// the owner accepts it (or the restaurant auto-accepts) and marks it ready; the dispatcher offers
// the job to a free courier, whose app (its event stream) accepts it (a two-order trip's offer
// once: the accept takes both jobs); the courier rides to the restaurant and to the door reporting
// positions (at most 120 km/h: the city's clock runs fast), and takes each step at its stop,
// picking up once the kitchen marked it ready (else, past its ready time, handed over). An app
// opened at a step's start resumes the jobs its courier holds (an earlier step's cut paths). The
// card's capture (at accept), the settlement and the notifications are the server's own work.

import { json, request, sleep } from "./http.mjs";

const SPEED_M_PER_S = 120 / 3.6; // under the server's 200 km/h plausibility check
const REPORT_GAP_MS = 1_500; // a courier's reports at least a second apart (the server's 1/s rule)
const OWNER_ACCEPTS_AFTER_MS = 1_500;
const READY_AFTER_MS = 3_000;
const WAIT_LIMIT_MS = 60_000;
const M_PER_DEG_LAT = 111_320;

const metres = (a, b) => {
  const dy = (b.lat - a.lat) * M_PER_DEG_LAT;
  const dx = (b.lng - a.lng) * M_PER_DEG_LAT * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dx, dy);
};

/** A promise and its resolve, resolved at most once. */
function signal() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}
const within = (promise, ms) => Promise.race([promise, sleep(ms).then(() => false)]);

export class Deliveries {
  /** `world`: the job's base, restaurants, owners, couriers; `tally` and `clock` record; `streams` hold the customers'. */
  constructor(world, tally, clock, streams, boardsOpen) {
    Object.assign(this, { world, tally, clock, streams, boardsOpen });
    this.base = world.base;
    this.orders = new Map(); // orderId -> { r, accepted, ready, stream }
    this.placed = [];
    this.pending = new Set();
    this.stats = { placed: 0, delivered: 0, autoAccepted: 0, offers: 0, scheduled: 0, unfinished: 0, resumed: 0, placeUnanswered: 0 };
    /** This step's orders (placed now, not scheduled) not yet delivered: unfinished when the drain ends. */
    this.open = new Set();
    /** What each open order's path saw last (placed, its events, the courier's steps): why a path is unfinished. @type {Map<number, string[]>} */
    this.trace = new Map();
  }

  /** Adds `what` to `orderId`'s trace while its path is open. */
  #saw(orderId, what) {
    this.trace.get(orderId)?.push(`${what}@${Math.round(performance.now() / 1000)}s`);
  }

  /** Streams open now that should see this order's events: its restaurant's boards and its customer's. */
  watching(orderId, r) {
    const order = this.orders.get(orderId);
    return (this.boardsOpen.get(r.id) ?? 0) + (order?.stream?.opened && !order.stream.closed ? 1 : 0);
  }

  /** An event from a board or an order stream. */
  seen(data, at) {
    this.clock.saw(data.orderId, data.stage, at);
    this.#saw(data.orderId, data.stage);
    const order = this.orders.get(data.orderId);
    if (order && data.stage === "accepted") order.accepted.resolve(true);
  }

  /** Checkout number `n`, due at `due`: the whole path, tracked until it ends. */
  checkout(n, due) {
    const run = this.#path(n, due).catch((error) => this.tally.add("checkout", { status: 0, text: String(error?.stack ?? error), ms: 0 }, "path"));
    this.pending.add(run);
    run.finally(() => this.pending.delete(run));
    return null; // the placement is tallied; the path's end is awaited by drain()
  }

  async #path(n, due) {
    const { buyers, restaurants } = this.world;
    const buyer = buyers[n % buyers.length];
    const r = restaurants[buyer.restaurant];
    const items = [{ menuItemId: r.items[n % r.items.length], quantity: 1 }];
    if (n % 3 === 0) items.push({ menuItemId: r.items[(n * 7 + 3) % r.items.length], quantity: 2 });
    const scheduled = n % 10 === 9;
    const submit = {
      deliveryOption: scheduled ? "schedule" : "standard",
      tipPercent: 15,
      paymentMethod: n % 2 ? "card" : "wallet",
      ...(n % 4 === 1 && r.promo ? { promoCode: r.promo } : {}),
      // The first slot a restaurant offers: the next full hour (its zone is a whole-hour one).
      ...(scheduled ? { scheduledFor: new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString() } : {}),
    };
    const answer = await request(this.base, "POST", "/api/orders", { auth: buyer.auth, body: { restaurantId: r.id, items, submit } });
    const placed = this.tally.add("checkout", answer, "place", performance.now() - due);
    // No answer (a timeout, a cut connection): the order may exist unknown to the bench (the end check's "unanswered").
    if (placed.status === 0) this.stats.placeUnanswered++;
    if (placed.status !== 201) return;
    const order = json(placed);
    this.placed.push(order.id);
    this.stats.placed++;
    // Its slot is up to an hour away: its kitchen and courier come after the step (not tracked, not timed).
    if (scheduled) return void this.stats.scheduled++;
    const state = { r, accepted: signal(), ready: signal(), done: signal(), delivered: signal(), stream: null };
    this.orders.set(order.id, state);
    this.open.add(order.id);
    this.trace.set(order.id, [`placed${r.autoAccept ? " (auto-accept)" : ""}`]);
    // The customer watches the order's page until it says delivered.
    state.stream = this.streams.hold(
      `/api/orders/${order.id}/events`,
      buyer.auth.cookie,
      (data, at) => {
        this.seen(data, at);
        if (data.orderId === order.id && data.stage === "delivered") state.delivered.resolve(true);
      },
      () => (state.stream.opened = true),
    );
    const owner = this.world.owners[r.owner];
    if (r.autoAccept) {
      // Not timed: when the server auto-accepts is its own business (the event's delay is not known here).
      if (await within(state.accepted.promise, WAIT_LIMIT_MS)) this.stats.autoAccepted++;
    } else {
      await sleep(OWNER_ACCEPTS_AFTER_MS);
      this.clock.expect(order.id, "accepted", performance.now(), this.watching(order.id, r));
      const accepted = await request(this.base, "POST", `/api/manage/${r.id}/orders/${order.id}/stage`, {
        auth: owner.auth,
        body: { stage: "accepted", prepMinutes: 5 },
      });
      if (this.tally.add("board", accepted, "accept").status !== 200) {
        this.clock.cancel(order.id, "accepted");
        return this.#close(order.id);
      }
    }
    await sleep(READY_AFTER_MS);
    this.clock.expect(order.id, "ready", performance.now(), this.watching(order.id, r));
    const ready = await request(this.base, "POST", `/api/manage/${r.id}/orders/${order.id}/stage`, { auth: owner.auth, body: { stage: "ready" } });
    if (this.tally.add("board", ready, "ready").status !== 200) this.clock.cancel(order.id, "ready");
    state.ready.resolve(ready.status === 200);
    // The courier's trip ends the path; the page closes once it showed "delivered" (the drain's end counts the rest unfinished).
    await state.done.promise;
    await within(state.delivered.promise, WAIT_LIMIT_MS);
    this.#close(order.id);
  }

  #close(orderId) {
    const state = this.orders.get(orderId);
    state?.stream?.close();
    this.orders.delete(orderId);
  }

  /** A free courier's app saw an event: an offer is accepted at once (a trip's once), and the trip begins. */
  offered(courier, data) {
    if (data.stage !== "job_offered" || !data.detail?.jobId || data.detail.assigned) return;
    // A two-order trip comes as an offer for each job: the app shows one, whose accept takes both.
    const batch = data.detail.batch ?? [data.detail.jobId];
    if (batch[0] !== data.detail.jobId) return;
    this.stats.offers++;
    this.#saw(data.orderId, `offered to courier ${courier.id} (batch ${batch.length})`);
    this.#track(this.#trip(courier, data.detail.jobId, batch), courier, "trip");
  }

  /** A courier's app just opened: it resumes the jobs its courier holds (a path an earlier step's end cut), and answers an open offer. */
  async resume(courier) {
    const answer = await request(this.base, "GET", "/api/courier/jobs", { auth: courier.auth });
    if (this.tally.add("courier", answer, "jobs").status !== 200) return;
    const jobs = json(answer)?.jobs ?? [];
    const held = jobs.filter((job) => ["assigned", "at_pickup", "picked_up"].includes(job.state));
    const offer = jobs.find((job) => job.state === "offered");
    if (held.length) {
      this.stats.resumed += held.length;
      this.#track(this.#chain(courier, held), courier, "resume");
    }
    if (offer) this.offered(courier, { stage: "job_offered", orderId: offer.orderId, detail: { jobId: offer.id } });
  }

  #track(promise, courier, what) {
    const run = promise.catch((error) => this.tally.add("courier", { status: 0, text: String(error?.stack ?? error), ms: 0 }, what));
    this.pending.add(run);
    run.finally(() => this.pending.delete(run));
  }

  async #trip(courier, jobId, batch) {
    const accepted = this.tally.add("courier", await request(this.base, "POST", `/api/courier/jobs/${jobId}/accept`, { auth: courier.auth, body: {} }), "accept");
    if (accepted.status !== 200) return;
    const jobs = [json(accepted).job];
    if (batch.length > 1) {
      // The trip's other job, held now too (its whole drop-off in the courier's list).
      const list = this.tally.add("courier", await request(this.base, "GET", "/api/courier/jobs", { auth: courier.auth }), "jobs");
      for (const job of json(list)?.jobs ?? []) if (job.id !== jobId && batch.includes(job.id) && job.state === "assigned") jobs.push(job);
    }
    return this.#chain(courier, jobs);
  }

  /** Rides `jobs` one after another, after the courier's trip in progress (one trip at a time per courier). */
  #chain(courier, jobs) {
    const previous = courier.trip ?? Promise.resolve();
    const mine = previous.then(async () => {
      for (const job of jobs) await this.#ride(courier, job);
    });
    courier.trip = mine.catch(() => {});
    return mine;
  }

  /** One job from where it stands (assigned, at_pickup, picked_up) to its door. */
  async #ride(courier, job) {
    const orderId = job.orderId;
    const step = async (name, body = {}) => {
      const status = this.tally.add("courier", await request(this.base, "POST", `/api/courier/jobs/${job.id}/${name}`, { auth: courier.auth, body }), name).status;
      this.#saw(orderId, `${name} ${status}`);
      return status === 200;
    };
    courier.riding = true;
    try {
      if (job.state === "assigned") {
        await this.#moveTo(courier, job.restaurant);
        if (!(await step("arrived"))) return;
      }
      if (job.state !== "picked_up") {
        // At the counter: the food once the kitchen marked it ready (its board step, or the job's
        // kitchen for an order this step does not drive); past the wait, the kitchen hands it over
        // and the courier confirms it (handedOver; without it, a 409).
        const state = this.orders.get(orderId);
        const ready = state ? await within(state.ready.promise, WAIT_LIMIT_MS) : await this.#kitchenReady(courier, job);
        if (!(await step("picked-up", ready ? {} : { handedOver: true }))) return;
      }
      // The whole drop-off once assigned (jobSchema): the accept's answer and the jobs list carry it.
      await this.#moveTo(courier, job.dropoff);
      const state = this.orders.get(orderId);
      if (state) this.clock.expect(orderId, "delivered", performance.now(), this.watching(orderId, state.r));
      if (await step("delivered")) {
        this.stats.delivered++;
        this.open.delete(orderId);
        this.trace.delete(orderId);
      } else this.clock.cancel(orderId, "delivered");
      state?.done.resolve(true);
    } finally {
      courier.riding = false;
    }
  }

  /** An order no path of this step drives: whether its kitchen marked it ready, waiting until its ready time at most WAIT_LIMIT_MS. */
  async #kitchenReady(courier, job) {
    if (job.kitchen?.ready) return true;
    const readyAt = job.kitchen?.readyAt ? new Date(job.kitchen.readyAt).getTime() : Date.now();
    await sleep(Math.max(0, Math.min(WAIT_LIMIT_MS, readyAt - Date.now())));
    const list = json(await request(this.base, "GET", "/api/courier/jobs", { auth: courier.auth }));
    return Boolean(list?.jobs?.find((j) => j.id === job.id)?.kitchen?.ready);
  }

  /** True when `courier` may report now: none in flight, the last sent REPORT_GAP_MS ago and answered a second ago (the server's 1/s rule counts its own clock). */
  static mayReport(courier, gapMs = REPORT_GAP_MS) {
    const now = performance.now();
    return !courier.inFlight && now - (courier.lastReport ?? -1e9) >= gapMs && now - (courier.lastAnswer ?? -1e9) >= 1_050;
  }

  /** One position report of `courier` at `courier.at`, tallied from `due`. */
  async report(courier, what, due = performance.now()) {
    courier.inFlight = true;
    courier.lastReport = performance.now();
    const body = { lat: courier.at.lat, lng: courier.at.lng, accuracy: 8 };
    const answer = await request(this.base, "POST", "/api/courier/position", { auth: courier.auth, body });
    courier.inFlight = false;
    courier.lastAnswer = performance.now();
    return this.tally.add("position", answer, what, performance.now() - due);
  }

  /** Rides to `to` reporting a position every REPORT_GAP_MS (each a position report), ending on it. */
  async #moveTo(courier, to) {
    for (;;) {
      while (!Deliveries.mayReport(courier)) await sleep(50);
      const left = metres(courier.at, to);
      const step = SPEED_M_PER_S * (REPORT_GAP_MS / 1000) * 0.95;
      const f = left <= step ? 1 : step / left;
      courier.at = { lat: courier.at.lat + (to.lat - courier.at.lat) * f, lng: courier.at.lng + (to.lng - courier.at.lng) * f };
      await this.report(courier, "position (riding)");
      if (f === 1) return;
    }
  }

  /** Waits for the paths still running (at most `ms`); the step's orders not delivered by then are unfinished. */
  async drain(ms) {
    await within(Promise.allSettled([...this.pending]), ms);
    this.unfinishedTraces = [...this.open].map((id) => `order ${id}: ${(this.trace.get(id) ?? []).join(", ")}`);
    return this.open.size;
  }
}
