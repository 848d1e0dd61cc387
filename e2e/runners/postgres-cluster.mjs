// A throwaway PostgreSQL 15 cluster for tests and benchmarks: initdb in a temp folder, a
// server on a loopback port, and stop() that shuts it down and deletes the folder.
// initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * Starts a cluster on 127.0.0.1:`port` (trust authentication, user `postgres`, C collation
 * so text sorts by code point as on SQLite; durability off: the data is thrown away).
 * Returns `url(database)` for a connection string and `stop()`.
 */
export function startPostgresCluster({ port = Number(process.env.POSTGRES_TEST_PORT ?? 5433) } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-pg-"));
  const asRoot = process.getuid?.() === 0;
  let uid;
  if (asRoot) {
    uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()));
  }
  const run = (command, args) =>
    execFileSync(asRoot ? "runuser" : path.join(BIN, command), asRoot ? ["-u", "postgres", "--", path.join(BIN, command), ...args] : args, {
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  const data = path.join(dir, "data");
  let running = false;
  const stop = () => {
    try {
      if (running) run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch (error) {
      console.error(`[postgres] stop failed: ${error.stderr ?? error}`);
    }
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--locale=C", "--encoding=UTF8", "--no-sync"]);
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c max_connections=200",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    running = true;
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
  } catch (error) {
    console.error(`[postgres] could not start: ${error.stderr ?? error}`);
    stop();
    throw error;
  }
  const url = (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  return { url, stop, dir };
}
