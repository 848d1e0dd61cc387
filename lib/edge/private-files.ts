import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// What the server keeps on disk holds every customer's data (the SQLite database and its -wal and
// -shm, the uploads, the backups, the generated secrets): only the server's own account may read
// it, whatever the umask it was started with (docs/deploying.md "File modes"). Folders are made
// 0700 and files 0600 as they are created (a mode only ever loses bits to the umask), and what an
// older version left readable is tightened at start-up (platform/prepare.ts), by backup and
// restore. Symbolic links are not followed, and a file that is not this account's to change
// (EPERM: an operator's own arrangement) or is gone is left as it is.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

function tighten(target: string, mode: number): void {
  try {
    chmodSync(target, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "EPERM") throw error;
  }
}

/**
 * `dir` made if missing (its missing parents too) and made private. An existing folder shared by
 * design (the sticky bit of /tmp) is left as it is.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!(statSync(dir).mode & 0o1000)) tighten(dir, PRIVATE_DIR_MODE);
}

/** `file` made empty if missing, before a library creates it with the umask's mode (SQLite's 0644), and made private. */
export function privateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
}

/** Whether `target` is readable or writable by anyone but its owner (false when it is missing). */
export function isLoose(target: string): boolean {
  try {
    return (lstatSync(target).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

/** `target` and everything under it made private: folders 0700, files 0600. A missing one, or a folder shared by design (sticky), is nothing to do. */
export function keepPrivate(target: string): void {
  let stat;
  try {
    stat = lstatSync(target);
  } catch {
    return;
  }
  if (stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) return tighten(target, PRIVATE_FILE_MODE);
  if (stat.mode & 0o1000) return;
  tighten(target, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(target)) keepPrivate(path.join(target, entry));
}
