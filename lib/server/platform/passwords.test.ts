import bcryptjs from "bcryptjs";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PasswordPool } from "./password-pool";

// Password hashing off the event loop: native bcrypt on worker threads,
// compatible both ways with bcryptjs, and bounded.

describe("the password pool", () => {
  const pool = new PasswordPool(2, 2);

  it("verifies the $2a$ and $2b$ hashes bcryptjs made, and bcryptjs verifies its hashes", async () => {
    const b = await bcryptjs.hash("correct horse", 4);
    expect(b.startsWith("$2b$")).toBe(true);
    const a = b.replace(/^\$2b\$/, "$2a$");
    expect(await pool.compare("correct horse", b)).toBe(true);
    expect(await pool.compare("correct horse", a)).toBe(true);
    expect(await pool.compare("wrong horse", a)).toBe(false);
    const ours = await pool.hash("correct horse", 4);
    expect(ours).toMatch(/^\$2[ab]\$04\$/);
    expect(await bcryptjs.compare("correct horse", ours)).toBe(true);
  });

  it("runs at most `threads` at once, queues `queue` more and refuses the rest with 503 + Retry-After", async () => {
    const hash = await bcryptjs.hash("x", 4);
    const results = await Promise.allSettled(Array.from({ length: 7 }, () => pool.compare("x", hash)));
    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual([true, true, true, true]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(3);
    expect(refused[0]!.reason).toMatchObject({ status: 503, headers: { "Retry-After": "1" } });
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it("hashes on threads of lowered priority (nice 10), so the event loop keeps the CPU first", async () => {
    await pool.compare("x", await bcryptjs.hash("x", 4));
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value; the name in (...) may hold spaces.
    const nice = readdirSync("/proc/self/task").map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    });
    expect(nice.filter((n) => n === 10).length).toBeGreaterThan(0);
    expect(nice.filter((n) => n === 0).length).toBeGreaterThan(0);
  });

  it("fails a job with a bad hash without losing a thread", async () => {
    await expect(pool.hash("x", 99)).rejects.toThrow();
    expect(await pool.compare("x", await bcryptjs.hash("x", 4))).toBe(true);
  });
});
