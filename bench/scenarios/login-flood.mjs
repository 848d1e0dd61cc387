// Login flood (after the scales, or alone with `npm run bench -- --login-flood`):
// a catalog read's p99 alone, then while BENCH_LOGIN_CONCURRENCY (default 40) loops of correct
// logins run at bcrypt cost 10 (login throttles off for that server, so every login hashes),
// once per hasher in BENCH_LOGIN_HASHERS (default "event-loop,pool": bcryptjs on the event loop,
// the old way, then the worker pool). Target: the read's p99 within 2x of its p99 alone.

import { warmUp } from "../client.mjs";
import { fmt, machine, machineLine, printColumns, writeResults } from "../report.mjs";
import { load, seedAt, startNext, stopServer } from "../servers.mjs";
import { CONNECTIONS, DEMO_CUSTOMER_EMAIL, RESTAURANT, ROOT, SECONDS } from "../settings.mjs";
import { TARGETS, loginFloodMet } from "../targets.mjs";

const LOGIN_CONCURRENCY = Number(process.env.BENCH_LOGIN_CONCURRENCY ?? 40);
const LOGIN_HASHERS = (process.env.BENCH_LOGIN_HASHERS ?? "event-loop,pool").split(",");
/** HASH_THREADS per hasher: 0 is bcryptjs on the event loop; unset, the pool's default (cores). */
const HASHER_ENV = { "event-loop": { HASH_THREADS: "0" }, pool: {} };

/**
 * The login flood: for each hasher, a fresh server on the demo data (login throttles off, bcrypt
 * cost 10), GET /api/restaurants/1 loaded alone, then again while correct logins flood in.
 */
export async function benchLoginFlood() {
  const { dataDir } = seedAt(1);
  const url = (base) => `${base}/api/restaurants/${RESTAURANT}`;
  const rows = [];
  for (const hasher of LOGIN_HASHERS) {
    if (!HASHER_ENV[hasher]) throw new Error(`BENCH_LOGIN_HASHERS: unknown hasher "${hasher}" (event-loop, pool)`);
    console.log(`
login flood, hasher ${hasher}: starting Nosh ...`);
    const nosh = await startNext(
      `nosh-flood-${hasher}`,
      ROOT,
      {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        NOSH_SEED: "false",
        BCRYPT_COST: "10",
        ...HASHER_ENV[hasher],
        LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "0",
        LOGIN_MAX_SUCCESSES_PER_ADDRESS: "0",
        LOGIN_MAX_FAILURES_PER_ADDRESS: "0",
      },
      "/api/auth/",
    );
    await warmUp(url(nosh.base));
    process.stdout.write(`  GET /api/restaurants/${RESTAURANT} alone ... `);
    const alone = await load({ mode: "autocannon", url: url(nosh.base), connections: CONNECTIONS, seconds: SECONDS });
    console.log(`${fmt(alone.requestsPerSec)} req/s, p50 ${fmt(alone.p50)} ms, p99 ${fmt(alone.p99)} ms`);
    process.stdout.write(`  ... while ${LOGIN_CONCURRENCY} loops of correct logins run ... `);
    const floodJob = {
      mode: "login-flood",
      base: nosh.base,
      credential: DEMO_CUSTOMER_EMAIL,
      password: "nosh-demo-pass",
      concurrency: LOGIN_CONCURRENCY,
      seconds: SECONDS + 4,
    };
    const flooding = load(floodJob);
    // The read starts once the flood is under way and ends before it does.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = await load({ mode: "autocannon", url: url(nosh.base), connections: CONNECTIONS, seconds: SECONDS });
    const flood = await flooding;
    console.log(
      `${fmt(during.requestsPerSec)} req/s, p50 ${fmt(during.p50)} ms, p99 ${fmt(during.p99)} ms; ${fmt(flood.requestsPerSec, 1)} logins/s, answers ${JSON.stringify(flood.statuses)}`,
    );
    const ratio = alone.p99 && during.p99 ? during.p99 / alone.p99 : null;
    rows.push({ hasher, alone, during, flood, p99Ratio: ratio, met: loginFloodMet(ratio, during) });
    await stopServer(nosh);
  }
  return rows;
}

export function printLoginFlood(rows) {
  console.log(`
login flood: GET /api/restaurants/${RESTAURANT} at ${CONNECTIONS} connections, alone and during ${LOGIN_CONCURRENCY} loops of correct logins (bcrypt cost 10)`);
  const header = [
    "hasher",
    "p50 alone",
    "p99 alone",
    "p50 flood",
    "p99 flood",
    "p99 ratio",
    "read req/s alone/flood",
    "logins/s",
    "login answers",
    `target p99 <= ${TARGETS.floodP99Ratio}x`,
  ];
  const lines = rows.map((r) => [
    r.hasher,
    fmt(r.alone.p50),
    fmt(r.alone.p99),
    fmt(r.during.p50),
    fmt(r.during.p99),
    fmt(r.p99Ratio, 2),
    `${fmt(r.alone.requestsPerSec)}/${fmt(r.during.requestsPerSec)}`,
    fmt(r.flood.requestsPerSec, 1),
    Object.entries(r.flood.statuses)
      .map(([status, n]) => `${status}:${n}`)
      .join(" "),
    r.met ? "met" : "MISSED",
  ]);
  printColumns(header, lines, (i) => i === 0 || i >= 8);
}

/** `--login-flood`: the flood alone. */
export async function runLoginFlood() {
  const loginFlood = await benchLoginFlood();
  const info = machine();
  console.log(`\n${machineLine(info)}`);
  printLoginFlood(loginFlood);
  writeResults(
    { date: new Date().toISOString(), settings: { seconds: SECONDS, connections: CONNECTIONS, loginConcurrency: LOGIN_CONCURRENCY }, machine: info, loginFlood },
    "login-flood-",
  );
}
