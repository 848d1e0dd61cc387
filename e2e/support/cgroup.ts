import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// A memory cgroup of its own for a server a spec starts (e2e/reliability/photo-memory.spec.ts):
// the kernel's own count of everything the server's processes hold (the host, its worker and
// whatever they spawn), and its high-water mark, which is what a systemd unit's MemoryMax is
// held against (deploy/nosh.service). Summing two processes' VmHWM counted two peaks that need
// not have happened at once. cgroup v2 where the memory controller is there (memory.peak);
// v1's memory hierarchy otherwise (memory.max_usage_in_bytes, its name for the same figure), as
// on the CI machines, whose v2 mount has no memory controller. Needs a writable cgroup file
// system (root in a container); null where there is none.

export type MemoryCgroup = {
  /** The cgroup's folder; a process joins it by writing its pid to `procs` (joinPrefix does it before exec). */
  dir: string;
  version: 1 | 2;
  /** A spawn prefix (spawnInGroup's `prefix`): the shell joins the cgroup, then execs the command, so every process it forks is in it. */
  joinPrefix: string[];
  /** The high-water mark of the memory charged to the cgroup, in MB. */
  peakMb: () => number;
  /** The memory charged now, in MB. */
  currentMb: () => number;
  /** Processes the kernel's out-of-memory killer ended in it. */
  oomKills: () => number;
  /** Removes the cgroup once its processes are gone. */
  remove: () => void;
};

const MB = 1024 * 1024;
const readNumber = (file: string) => Number(readFileSync(file, "utf8").trim());
const readKey = (file: string, key: string) => Number(new RegExp(`^${key} (\\d+)$`, "m").exec(readFileSync(file, "utf8"))?.[1] ?? 0);

/** The mount of the cgroup v2 hierarchy that has the memory controller, if any. */
function v2Root(): string | null {
  for (const root of ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"]) {
    const controllers = path.join(root, "cgroup.controllers");
    if (existsSync(controllers) && readFileSync(controllers, "utf8").split(/\s+/).includes("memory")) return root;
  }
  return null;
}

/** Creates a memory cgroup named `name` (made unique by the pid), or null when none can be made here. */
export function memoryCgroup(name: string): MemoryCgroup | null {
  const leaf = `nosh-${name}-${process.pid}`;
  const root2 = v2Root();
  const candidates: { root: string; version: 1 | 2 }[] = [...(root2 ? [{ root: root2, version: 2 as const }] : []), { root: "/sys/fs/cgroup/memory", version: 1 }];
  for (const { root, version } of candidates) {
    const dir = path.join(root, leaf);
    try {
      if (version === 2) writeFileSync(path.join(root, "cgroup.subtree_control"), "+memory");
      mkdirSync(dir);
    } catch {
      continue;
    }
    const peakFile = path.join(dir, version === 2 ? "memory.peak" : "memory.max_usage_in_bytes");
    if (!existsSync(peakFile)) {
      rmdirSync(dir);
      continue;
    }
    return {
      dir,
      version,
      joinPrefix: ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', path.join(dir, "cgroup.procs")],
      peakMb: () => readNumber(peakFile) / MB,
      currentMb: () => readNumber(path.join(dir, version === 2 ? "memory.current" : "memory.usage_in_bytes")) / MB,
      oomKills: () => (version === 2 ? readKey(path.join(dir, "memory.events"), "oom_kill") : readKey(path.join(dir, "memory.oom_control"), "oom_kill")),
      remove: () => {
        try {
          rmdirSync(dir);
        } catch {
          // Still in use (a process left behind) or already gone: the next run's name differs.
        }
      },
    };
  }
  return null;
}
