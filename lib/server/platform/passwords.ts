import "server-only";
import bcryptjs from "bcryptjs";
import { config } from "./config";
import { PasswordPool } from "./password-pool";

// Every bcrypt hash and comparison goes through here: login, signup, password change and the
// timing equaliser. They run on the worker pool of password-pool.ts (native bcrypt, bounded);
// HASH_THREADS=0 keeps the old way, bcryptjs on the event loop, for the bench's comparison.

let pool: PasswordPool | undefined;
const hasher = () => {
  const { hashThreads, hashQueue } = config();
  if (hashThreads === 0) return bcryptjs;
  pool ??= new PasswordPool(hashThreads, hashQueue);
  return pool;
};

export function hashPassword(password: string): Promise<string> {
  return hasher().hash(password, config().bcryptCost);
}

let dummyHash: Promise<string> | undefined;

/** Compares against the stored hash, or against a dummy one so an unknown account costs the same time. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    // Made once; a refused attempt (pool full) is not kept, so the next caller makes it.
    dummyHash ??= hashPassword("nosh-timing-equaliser").catch((error: unknown) => {
      dummyHash = undefined;
      throw error;
    });
    await hasher().compare(password, await dummyHash);
    return false;
  }
  return hasher().compare(password, hash);
}
