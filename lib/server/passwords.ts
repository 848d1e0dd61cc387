import "server-only";
import bcrypt from "bcryptjs";
import { config } from "./config";

// bcryptjs is pure JavaScript: always the async API so a hash does not block the event loop.

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, config().bcryptCost);
}

let dummyHash: Promise<string> | undefined;

/** Compares against the stored hash, or against a dummy one so an unknown account costs the same time. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= bcrypt.hash("nosh-timing-equaliser", config().bcryptCost);
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}
