// @ts-check
// The worker's and the job process's C allocator (NOSH_MALLOC, docs/deploying.md). glibc's malloc
// kept 220-250 MB of freed memory resident in the worker's main arena under the dinner rush (its
// RSS 631-658 MB at a quarter of the city, past the 600 MB target, V8's heap 226 MB of it); with
// jemalloc preloaded the same step peaked at 403 MB (bench/scenarios/rush: "memory at the paced
// seconds' end"). The primary, which loads no app code, preloads it into the processes it forks
// when the library is installed (Debian's libjemalloc2); "system" keeps glibc's.
import { existsSync } from "node:fs";

/** Where distributions install jemalloc's shared library (Debian and Ubuntu by architecture, then the rest). */
export const JEMALLOC_PATHS = [
  "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
  "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
  "/usr/lib64/libjemalloc.so.2",
  "/usr/lib/libjemalloc.so.2",
  "/usr/local/lib/libjemalloc.so.2",
];

/**
 * The allocator the forked processes get: jemalloc's library path, or null for the system's.
 * "auto" (the default): jemalloc when installed; "jemalloc": the same, and a warning when it is
 * not; "system": glibc's. An LD_PRELOAD set by the operator is left as it is.
 * @param {Record<string, string | undefined>} env @param {(file: string) => boolean} [exists]
 * @returns {{ preload: string | null, note: string }}
 */
export function chooseAllocator(env, exists = existsSync) {
  const asked = (env.NOSH_MALLOC ?? "").trim().toLowerCase() || "auto";
  if (asked !== "auto" && asked !== "jemalloc" && asked !== "system")
    return { preload: null, note: `NOSH_MALLOC must be auto, jemalloc or system (got "${env.NOSH_MALLOC}"): the system's malloc` };
  if (env.LD_PRELOAD) return { preload: null, note: `LD_PRELOAD is set (${env.LD_PRELOAD}): left as it is` };
  if (asked === "system") return { preload: null, note: "the system's malloc (NOSH_MALLOC=system)" };
  const found = JEMALLOC_PATHS.find((file) => exists(file)) ?? null;
  if (found) return { preload: found, note: `jemalloc (${found})` };
  return {
    preload: null,
    note:
      asked === "jemalloc"
        ? "NOSH_MALLOC=jemalloc but no libjemalloc.so.2 is installed (Debian: apt install libjemalloc2): the system's malloc"
        : "the system's malloc (no libjemalloc.so.2 installed)",
  };
}
