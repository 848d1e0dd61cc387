import "server-only";
import { config } from "./config";
import { db } from "./db";
import { ApiError } from "./errors";

// Failed-login counters in the database, so every server process sees the same count.
// A key fails `limit` times inside the window -> locked until the window ends.

const keysFor = (account: string, address: string) => [
  { key: `account:${account}`, limit: config().loginMaxFailuresPerAccount },
  { key: `address:${address}`, limit: config().loginMaxFailuresPerAddress },
];

/** Throws 429 with Retry-After when the account or the address is locked. */
export async function assertNotThrottled(account: string, address: string, now = new Date()): Promise<void> {
  const rows = await db.loginThrottle.findMany({
    where: { key: { in: keysFor(account, address).map((k) => k.key) }, lockedUntil: { gt: now } },
  });
  if (!rows.length) return;
  const until = Math.max(...rows.map((row) => row.lockedUntil!.getTime()));
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  throw new ApiError("too_many_requests", "Too many failed login attempts. Please try again later.", undefined, {
    "Retry-After": String(seconds),
  });
}

export async function recordLoginFailure(account: string, address: string, now = new Date()): Promise<void> {
  const windowMs = config().loginWindowSeconds * 1000;
  for (const { key, limit } of keysFor(account, address)) {
    if (limit === 0) continue;
    await db.$transaction(async (tx) => {
      // Lock the row before reading it (an UPDATE waits for a concurrent failure's transaction
      // on PostgreSQL; SQLite runs one at a time), so parallel failures are all counted.
      await tx.loginThrottle.updateMany({ where: { key }, data: { failures: { increment: 0 } } });
      const row = await tx.loginThrottle.findUnique({ where: { key } });
      const fresh = !row || now.getTime() - row.windowStart.getTime() > windowMs;
      const failures = fresh ? 1 : row.failures + 1;
      const windowStart = fresh ? now : row.windowStart;
      const lockedUntil = failures >= limit ? new Date(windowStart.getTime() + windowMs) : null;
      await tx.loginThrottle.upsert({
        where: { key },
        create: { key, failures, windowStart, lockedUntil },
        update: { failures, windowStart, lockedUntil },
      });
    });
  }
}

export async function clearLoginFailures(account: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: `account:${account}` } });
}
