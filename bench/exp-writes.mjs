import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { signInAs } from "./client.mjs";
import { load, loadWithCpu, seedAt, startNext, stopServer, stopAll } from "./servers.mjs";
import { seedFleet } from "./scenarios/couriers.mjs";
import { ROOT } from "./settings.mjs";
const { dataDir } = seedAt(1);
const fleet = seedFleet(dataDir);
const nosh = await startNext("nosh", ROOT, { DATA_DIR: dataDir, DATABASE_URL: "", NOSH_SEED: "false", COURIER_SIMULATOR: "off", BCRYPT_COST: "4", LOGIN_MAX_SUCCESSES_PER_ADDRESS: "100000", LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "100", ORDER_EVENTS_MAX_STREAMS: "3000" }, "/api/auth/", process.env.PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROF}`] : undefined);
try {
  const couriers = [];
  for (const f of fleet.slice(0, Number(process.env.N ?? 100))) couriers.push(await signInAs(nosh.base, f.courier));
  const q = (sql) => execFileSync("sqlite3", [path.join(dataDir, "nosh.db"), sql], { encoding: "utf8" });
  const counts = () => q(`SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'RestaurantSearch%' AND sql NOT LIKE '%VIRTUAL%'`).trim().split("\n").map((t) => `${t}=${q(`SELECT count(*) FROM "${t}"`).trim()}`).join(" ");
  await new Promise((r) => setTimeout(r, 3000));
  const before = counts();
  const r = await loadWithCpu(nosh, { mode: "paced", url: `${nosh.base}/api/courier/position`, method: "POST", clients: couriers, rate: Number(process.env.RATE ?? 20), seconds: 10, body: "position" });
  console.log(JSON.stringify({ p50: r.p50, p99: r.p99, n: r.requests, errors: r.errors, statuses: r.statuses, cpu: r.cpuPerRequest, s: r.errorSamples?.slice(0, 2) }));
  const after = counts();
  const b = Object.fromEntries(before.split(" ").map((x) => x.split("="))), a = Object.fromEntries(after.split(" ").map((x) => x.split("=")));
  console.log(Object.keys(a).filter((k) => a[k] !== b[k]).map((k) => `${k}: ${b[k]} -> ${a[k]}`).join("\n"));
} finally { await stopAll(); }
