// Page profile (`npm run bench -- --profile-page`): one page (BENCH_PROFILE_PATH, default /home)
// signed in (BENCH_PROFILE_ANONYMOUS=1: anonymous) under load at the first of BENCH_SCALES
// (default 10) with node --cpu-prof (to BENCH_CPU_PROF), summarised by area (React/Next render,
// proxy, session, data, gzip, GC, ...) in ms of CPU a page, and the top functions
// (bench/cpu-profile.mjs). BENCH_PROFILE_PATH=checkout profiles the one-call wallet checkout.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cookiesOf, probe, signIn, signInWithPassword, warmUp } from "../client.mjs";
import { printProfile, summariseProfile } from "../cpu-profile.mjs";
import { fmt, machine, writeResults } from "../report.mjs";
import { START_NODE_FLAGS, load, loadWithCpu, seedAt, startNext, stopServer } from "../servers.mjs";
import { BENCH_ORDERS_EMAIL, CHECKOUT_CONCURRENCY, CONNECTIONS, DOCUMENT_HEADERS, ROOT, SCALES, SECONDS } from "../settings.mjs";
import { prepareCheckout } from "./checkout.mjs";

/**
 * Seeds the first of BENCH_SCALES (default 10), starts Nosh with `node --cpu-prof` (the profile
 * goes to BENCH_CPU_PROF, default a folder under /tmp), loads one page (BENCH_PROFILE_PATH,
 * default /home) signed in (BENCH_PROFILE_ANONYMOUS=1: as an anonymous visitor) with a browser's
 * document headers for BENCH_SECONDS, stops Nosh and summarises the serving process's profile
 * over the load's last BENCH_SECONDS: CPU by area (self time, and total time of the stacks that
 * pass through it) and the top functions.
 */
export async function runProfilePage() {
  // BENCH_PROFILE_SUMMARY=file.cpuprofile BENCH_PROFILE_CPU=ms: summarise a profile taken before, without a run.
  if (process.env.BENCH_PROFILE_SUMMARY) {
    printProfile(summariseProfile(JSON.parse(fs.readFileSync(process.env.BENCH_PROFILE_SUMMARY, "utf8")), SECONDS * 1000, Number(process.env.BENCH_PROFILE_CPU ?? 1)));
    return;
  }
  const scale = process.env.BENCH_SCALES ? SCALES[0] : 10;
  const dir = path.resolve(process.env.BENCH_CPU_PROF ?? path.join(os.tmpdir(), "nosh-page-profile"));
  fs.mkdirSync(dir, { recursive: true });
  const earlier = new Set(fs.readdirSync(dir));
  process.stdout.write(`scale ${scale}: seeding ... `);
  const { dataDir, seedSeconds } = seedAt(scale);
  console.log(`${seedSeconds.toFixed(1)} s; starting Nosh with --cpu-prof (${dir}) ...`);
  const flags = [...START_NODE_FLAGS, "--cpu-prof", `--cpu-prof-dir=${dir}`];
  const nosh = await startNext("nosh-profile", ROOT, { DATA_DIR: dataDir, DATABASE_URL: "", BCRYPT_COST: "4", NOSH_SEED: "false" }, "/api/auth/", flags);
  const pagePath = process.env.BENCH_PROFILE_PATH ?? "/home";
  if (pagePath === "checkout") return profileCheckout(nosh, scale, dir, earlier);
  const anonymous = process.env.BENCH_PROFILE_ANONYMOUS === "1";
  const cookie = anonymous
    ? `XSRF-TOKEN=${cookiesOf(await fetch(`${nosh.base}/api/auth/`))["XSRF-TOKEN"]}`
    : (scale === 1 ? await signIn(nosh.base) : await signInWithPassword(nosh.base, BENCH_ORDERS_EMAIL)).cookie;
  const url = nosh.base + pagePath;
  const headers = { ...DOCUMENT_HEADERS, cookie };
  const answer = await probe(url, headers);
  if (answer.status !== 200 || !/<html/.test(answer.text)) throw new Error(`${pagePath} answered ${answer.status}, not a page`);
  await warmUp(url, headers);
  const who = anonymous ? "anonymous" : "signed in";
  process.stdout.write(`GET ${pagePath} (${who}, ${fmt(answer.htmlBytes / 1024, 1)} KB HTML) under load ... `);
  const r = await loadWithCpu(nosh, { mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers });
  console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, ${r.cpuPerRequest.toFixed(2)} ms CPU a page`);
  await stopServer(nosh);
  const { file, summary } = summariseNewProfile(dir, earlier, r.cpuPerRequest, "page");
  const info = machine();
  writeResults(
    {
      date: new Date().toISOString(),
      scale,
      page: pagePath,
      who,
      settings: { seconds: SECONDS, connections: CONNECTIONS },
      machine: info,
      load: r,
      profile: file,
      summary,
    },
    "profile-page-",
  );
}

/** The serving process's (the cluster worker's) profile, the largest one written to `dir` since `earlier`, summarised and printed. */
function summariseNewProfile(dir, earlier, cpuPerRequest, what) {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile") && !earlier.has(f))
    .map((f) => path.join(dir, f));
  if (!files.length) throw new Error(`no CPU profile written to ${dir}`);
  const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  const summary = summariseProfile(JSON.parse(fs.readFileSync(file, "utf8")), SECONDS * 1000, cpuPerRequest);
  console.log(
    `\nprofile ${file}: the last ${SECONDS} s, ${summary.sampledMs.toFixed(0)} ms sampled; shares of the samples, in ms of the ${cpuPerRequest.toFixed(1)} ms of CPU a ${what} (/proc)`,
  );
  printProfile(summary);
  return { file, summary };
}

/** BENCH_PROFILE_PATH=checkout: the one-call wallet checkout under load instead of a page, profiled the same way. */
async function profileCheckout(nosh, scale, dir, earlier) {
  const { job, oneCall } = await prepareCheckout(nosh.base, scale);
  if (!oneCall) throw new Error("this build has no one-call checkout");
  await load({ ...job, oneCall: true, seconds: Math.min(3, SECONDS) });
  process.stdout.write(`wallet checkout, one call (${CHECKOUT_CONCURRENCY} loops) under load ... `);
  const r = await loadWithCpu(nosh, { ...job, oneCall: true, seconds: SECONDS });
  console.log(`${fmt(r.requestsPerSec)} checkouts/s, ${r.errors} errors, p50 ${fmt(r.p50)} ms, ${r.cpuPerRequest.toFixed(2)} ms CPU a checkout`);
  await stopServer(nosh);
  const { file, summary } = summariseNewProfile(dir, earlier, r.cpuPerRequest, "checkout");
  writeResults({ date: new Date().toISOString(), scale, page: "checkout", machine: machine(), load: r, profile: file, summary }, "profile-checkout-");
}
