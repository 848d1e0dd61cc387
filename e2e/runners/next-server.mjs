// Spawning the production server (`npm start`'s host, server/main.mjs: Next.js behind Nosh's limits and
// supervision) or any helper server such as nginx, and waiting until it serves, for
// every script and test that starts the production build itself: e2e/support/server.ts and
// reliability.ts (Playwright), e2e/runners/test-cluster.mjs, bench/servers.mjs,
// bench/bare.mjs and bench/lighthouse.mjs. Plain ESM JavaScript so the .mjs scripts import it without tsx; the
// TypeScript callers get its types from next-server.d.mts (and import it dynamically: see
// the note in reliability.ts).
//
// Why it is done this way:
// - Each server is spawned `detached`: it leads its own process group. the host forks the
//   real server (a cluster worker, restarted when it dies), and a SIGINT sent to the
//   terminal's foreground group must not reach it before the script has stopped it, so
//   stopping always signals the whole group (-pid), worker included.
// - It runs as `node server/main.mjs`, not through npm: the group is then the server alone, and a
//   restart costs no npm start-up (the crash test restarts 100 times). Every harness runs the
//   same host as `npm start`, so what is tested is what is deployed.
// - Ready means any HTTP status below 500: GET /api/auth/ is a 401 when signed out, and the
//   server runs register() (migrate, seed) before it serves its first request.
// - The server drains connections on SIGTERM (up to 5 s), so a stop sends SIGKILL to the
//   group after a grace period.
// - Output is kept as a bounded tail: a server that runs for minutes may log a lot, and only
//   the end matters when it fails.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** The repository's root folder. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Next.js's CLI (builds). */
export const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

/** `npm start`'s production server, run with `node` (see above). */
export const SERVER_SCRIPT = path.join(ROOT, "server/main.mjs");

/**
 * The host of the checkout in `dir`: its server/main.mjs, or server.mjs for a checkout from
 * before the host moved into server/. An A/B (bench/scenarios/ab.mjs, LIGHTHOUSE_DIR)
 * runs each build under its own host: the host and the app share a contract
 * (lib/shared/web/host-contract.mjs), so another checkout's build under this host is not that build.
 */
export function hostScriptIn(dir) {
  for (const script of ["server/main.mjs", "server.mjs"]) if (existsSync(path.join(dir, script))) return path.join(dir, script);
  return SERVER_SCRIPT;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once the process has exited (by itself or by a signal). */
const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Spawns `[...prefix, command, ...args]` as the leader of its own process group, with
 * process.env plus `env`. stderr (and stdout when `captureStdout`) is read continuously:
 * each chunk goes to `onOutput` if given, and the last `tailChars` characters are kept for
 * `output()`. `exited` resolves with the exit code, or the signal's name when killed.
 */
export function spawnInGroup(command, args, { prefix = [], cwd, env = {}, captureStdout = false, tailChars = 64_000, onOutput } = {}) {
  const [file, ...prefixArgs] = prefix.length ? prefix : [command];
  const child = spawn(file, prefix.length ? [...prefixArgs, command, ...args] : args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", captureStdout ? "pipe" : "ignore", "pipe"],
  });
  let tail = "";
  const collect = (chunk) => {
    tail = (tail + chunk).slice(-tailChars);
    onOutput?.(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
  return { child, output: () => tail, exited };
}

/**
 * Spawns `node [...nodeFlags] server/main.mjs -p <port> -H 127.0.0.1 [...args]` (the production
 * server of `npm start`, serving the build in `cwd`) in its own process group (see
 * spawnInGroup for the other options), with NEXT_TELEMETRY_DISABLED=1 unless `env` says
 * otherwise. `prefix` is e.g. ["taskset", "-c", "0"] to pin it (and its worker) to a core;
 * `script` another checkout's host (hostScriptIn).
 */
export function spawnNextStart({ port, args = [], nodeFlags = [], env = {}, script = SERVER_SCRIPT, ...options }) {
  return spawnInGroup(process.execPath, [...nodeFlags, script, "-p", String(port), "-H", "127.0.0.1", ...args], {
    ...options,
    env: { NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
}

/**
 * Polls `url` every `intervalMs` until it answers a status below 500. Throws, with the
 * process's output tail, when `child` exits first or `timeoutMs` passes.
 */
export async function waitUntilServing({ url, child, output = () => "", label = "next start", timeoutMs = 120_000, intervalMs = 250 }) {
  const withTail = (message) => {
    const tail = output();
    return new Error(tail ? `${message}:\n${tail}` : message);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited(child)) throw withTail(`${label} exited with ${child.exitCode ?? child.signalCode} before it answered ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer(); // frees the connection
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() >= deadline) throw withTail(`${label} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(intervalMs);
  }
}

/** Sends `signal` to the process group `child` leads; a group that is already gone is fine. */
export function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Stops the process group `child` leads: SIGTERM, then SIGKILL after `graceMs` (or at once
 * with `signal: "SIGKILL"`), and waits until the leader has exited. The SIGKILL goes to the
 * group even when the leader has exited by then, for anything it left behind. Idempotent: a
 * leader that had already exited is not signalled again (its pid may belong to another
 * process by now).
 */
export async function stopGroup(child, { graceMs = 5_000, signal = "SIGTERM" } = {}) {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  signalGroup(child, signal);
  if (signal !== "SIGKILL") {
    let timer;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    signalGroup(child, "SIGKILL");
  }
  await exited;
}

/** A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
