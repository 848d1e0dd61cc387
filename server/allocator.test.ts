import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseAllocator, JEMALLOC_PATHS } from "./allocator.mjs";

// The C allocator the primary gives the processes it forks (server/allocator.mjs): jemalloc when
// installed, unless told otherwise; and a child forked with it has it mapped.

const only = (file: string) => (candidate: string) => candidate === file;

describe("the worker's memory allocator", () => {
  it("is jemalloc when its library is installed, the system's otherwise or when asked", () => {
    const arm = "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2";
    expect(chooseAllocator({}, only(arm))).toEqual({ preload: arm, note: `jemalloc (${arm})` });
    expect(chooseAllocator({ NOSH_MALLOC: "jemalloc" }, only(arm)).preload).toBe(arm);
    expect(chooseAllocator({}, () => false).preload).toBeNull();
    expect(chooseAllocator({ NOSH_MALLOC: "jemalloc" }, () => false).note).toContain("apt install libjemalloc2");
    expect(chooseAllocator({ NOSH_MALLOC: "system" }, only(arm)).preload).toBeNull();
    expect(chooseAllocator({ NOSH_MALLOC: "tcmalloc" }, only(arm))).toMatchObject({ preload: null, note: expect.stringContaining("must be auto, jemalloc or system") });
  });

  it("leaves an operator's own LD_PRELOAD as it is", () => {
    expect(chooseAllocator({ LD_PRELOAD: "/opt/lib/libtcmalloc.so" }, () => true)).toMatchObject({ preload: null, note: expect.stringContaining("left as it is") });
  });

  it("is the one a forked Node process runs with (mapped into it), on this machine", () => {
    const { preload } = chooseAllocator({});
    const inherited = Object.entries(process.env).filter(([name]) => name !== "NOSH_MALLOC" && name !== "LD_PRELOAD");
    const env = { ...Object.fromEntries(inherited), ...(preload ? { LD_PRELOAD: preload } : {}) } as NodeJS.ProcessEnv;
    const maps = execFileSync(process.execPath, ["-e", "process.stdout.write(require('fs').readFileSync('/proc/self/maps','utf8'))"], { env, encoding: "utf8" });
    expect(maps.includes("libjemalloc")).toBe(JEMALLOC_PATHS.some((file) => existsSync(file)));
  });
});
