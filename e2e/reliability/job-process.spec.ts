import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier, northOf, ownSpot, placeCustomer, placeRestaurant, type Point } from "../support/couriers";
import { cookieOf, openEventStream, type SseMessage } from "../support/events";
import { acceptOrder, standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { freshDataDir, jobProcessPid, reliabilityPort, startServer, workerPid, type Server } from "../support/reliability";

// The background jobs run in a job process beside the web process, as `npm start` runs them
// (JOBS=process, docs/architecture/host.md "The job process"): the web process runs none, the
// primary replaces a job process that dies, and the events a job writes reach the streams the
// web process holds. The servers here read new event rows every minute only
// (ORDER_EVENTS_POLL_MS): a job's event that reaches a stream within the test's wait came by the
// job process's relay of its commits, not by the poll. The tick runs every 250 ms, and an order
// nobody accepts expires after 8 s, swept every 250 ms.

const NAME = "job-process";
const ENV = { JOBS: "process", DISPATCH_TICK_MS: "250", ORDER_ACCEPT_SECONDS: "8", ORDER_EXPIRY_SWEEP_MS: "250", ORDER_EVENTS_POLL_MS: "60000" };

let server: Server | undefined;
/** Servers a test runs side by side, stopped after it. */
const sideServers = new Set<Server>();

test.afterEach(async () => {
  await Promise.all([server?.stop(), ...[...sideServers].map((side) => side.stop())]);
  server = undefined;
  sideServers.clear();
});

type Job = { id: number; orderId: number; state: string };

/** The event `waiting` resolves to, if it arrives within RELAYED_MS of the time it was written: by the relay, not the minute's poll. */
const RELAYED_MS = 5_000;
async function relayed(waiting: Promise<SseMessage>, what: string): Promise<SseMessage> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not arrive in 30 s`)), 30_000)));
  try {
    const message = await Promise.race([waiting, late]);
    expect(Date.now() - Date.parse(String(message.data.at)), `${what}: written to read`).toBeLessThan(RELAYED_MS);
    return message;
  } finally {
    clearTimeout(timer);
  }
}
const jobsOf = async (courier: Client) => ((await (await courier.get("/api/courier/jobs")).json()) as { jobs: Job[] }).jobs;

async function placeOrder(url: string, owner: Awaited<ReturnType<typeof signUpOwner>>, customer: Client): Promise<number> {
  const created = await customer.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await customer.put(`/api/orders/${id}/submit`, standardWallet)).status(), url).toBe(200);
  return id;
}

/**
 * SIGSTOP, but never while the process holds SQLite's write lock (its ticks are transactions of
 * a few ms every 250 ms): a stopped transaction would hold every other write for good.
 */
function stopOutsideTransactions(pid: number, dbFile: string) {
  const db = new Database(dbFile, { timeout: 0 });
  try {
    for (let attempt = 0; ; attempt++) {
      process.kill(pid, "SIGSTOP");
      try {
        db.exec("BEGIN IMMEDIATE");
        db.exec("ROLLBACK");
        return;
      } catch (error) {
        if (attempt > 50) throw error;
        process.kill(pid, "SIGCONT");
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      }
    }
  } finally {
    db.close();
  }
}

async function courierAt(server: Server, name: string, at: Point): Promise<Client> {
  const { client, user } = await signUpCustomer(server.url, { name });
  await makeCourier(user.id, server.dbFile);
  expect((await client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  expect((await client.post("/api/courier/position", at)).status()).toBe(200);
  return client;
}

test("the web process runs no job: with the job process stopped a waiting delivery is offered to nobody; the primary replaces it once killed, and its offer reaches the courier's open stream", async () => {
  test.setTimeout(180_000);
  freshDataDir(NAME);
  server = await startServer({ name: NAME, port: reliabilityPort(34), env: ENV });
  await expect.poll(() => jobProcessPid(server!), { message: "a job process beside the worker", timeout: 30_000 }).not.toBeNull();
  const jobs = jobProcessPid(server)!;
  // Its jobs started (server/jobs.mjs says so): one stopped and killed before that is a start-up
  // that failed, and the primary stops the server (CI's loaded machine got there once).
  await expect
    .poll(() => server!.output().includes(`job process ${jobs} running the background jobs`), { message: "the job process's jobs started", timeout: 30_000 })
    .toBe(true);
  const worker = workerPid(server);
  expect(jobs).not.toBe(worker);

  // Accepted with no courier on shift: the delivery job waits for the dispatch tick.
  const spot = ownSpot();
  const owner = await signUpOwner(server.url);
  await placeRestaurant(owner.restaurant.id, spot, server.dbFile);
  const customer = await signUpCustomer(server.url);
  await placeCustomer(customer.user.id, northOf(spot, 2), server.dbFile);
  const orderId = await placeOrder(server.url, owner, customer.client);
  await acceptOrder(owner.client, owner.restaurant.id, orderId);

  stopOutsideTransactions(jobs, server.dbFile);
  let stopped = true;
  try {
    // A courier comes on shift nearby while the job process cannot run; the web process's own
    // requests (the shift, the position) make no offer, and twenty ticks' worth of time pass.
    const courier = await courierAt(server, "Jo Process", northOf(spot, 0.5));
    const stream = await openEventStream(`${server.url}/api/events?app=courier`, { cookie: await cookieOf(courier) });
    try {
      expect(stream.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await jobsOf(courier), "the web process made an offer").toEqual([]);
      expect(stream.messages.filter((m) => m.data.stage === "job_offered")).toEqual([]);

      // Killed: the primary starts another, whose tick offers the waiting job to the courier.
      process.kill(jobs, "SIGKILL");
      stopped = false;
      // The killed one may still be listed for a moment: wait for another pid.
      await expect
        .poll(() => jobProcessPid(server!) ?? jobs, { message: "a new job process", timeout: 30_000 })
        .not.toBe(jobs)
        .catch((error: Error) => {
          throw new Error(`${error.message}\nThe server said:\n${server!.output().slice(-3_000)}`);
        });
      const offer = await relayed(
        stream.waitFor((m) => m.data.stage === "job_offered" && m.data.orderId === orderId, "the offer"),
        "the offer",
      );
      expect(offer.event).toBe("delivery");
      expect(await jobsOf(courier)).toEqual([expect.objectContaining({ orderId, state: "offered" })]);
    } finally {
      stream.close();
    }
  } finally {
    if (stopped) process.kill(jobs, "SIGKILL");
  }
  expect(workerPid(server), "the worker was not replaced").toBe(worker);
  expect(server.output()).toContain(`the job process (pid ${jobs}) exited (SIGKILL); starting a new one`);
});

test("an order the job process expires reaches its customer's open stream; JOBS=inline runs the same job in the web process, with no job process", async () => {
  test.setTimeout(180_000);
  // Both modes at once, each on a server and data folder of its own: each waits out the 8 s accept timeout.
  await Promise.all(
    (["process", "inline"] as const).map(async (jobs, index) => {
      const name = `${NAME}-${jobs}`;
      freshDataDir(name);
      const own = await startServer({ name, port: reliabilityPort(34 + index), env: { ...ENV, JOBS: jobs } });
      sideServers.add(own);
      const owner = await signUpOwner(own.url);
      const customer = await signUpCustomer(own.url);
      const stream = await openEventStream(`${own.url}/api/orders/events`, { cookie: await cookieOf(customer.client) });
      try {
        expect(stream.status).toBe(200);
        const orderId = await placeOrder(own.url, owner, customer.client);
        await stream.waitFor((m) => m.data.orderId === orderId && m.data.stage === "placed", "placed");
        // Nobody accepts it: 8 s later the expiry job expires it, and the stream says so.
        const expired = await relayed(
          stream.waitFor((m) => m.data.orderId === orderId && m.data.stage === "expired", `expired (JOBS=${jobs})`),
          `expired (JOBS=${jobs})`,
        );
        expect(expired.event).toBe("order");
      } finally {
        stream.close();
      }
      if (jobs === "inline") expect(jobProcessPid(own), "no job process with JOBS=inline").toBeNull();
      else expect(jobProcessPid(own), "the job process expired it").not.toBeNull();
      sideServers.delete(own);
      await own.stop();
    }),
  );
});
