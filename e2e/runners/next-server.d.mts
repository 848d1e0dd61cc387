// Types of next-server.mjs (plain JavaScript, so the .mjs scripts need no tsx; it has no JSDoc types,
// so TypeScript reads these declarations for `import ... from "./next-server.mjs"`).

import type { ChildProcess } from "node:child_process";

/** The repository's root folder. */
export declare const ROOT: string;
/** Next.js's CLI (builds). */
export declare const NEXT_BIN: string;
/** `npm start`'s production server (server/main.mjs), run with `node`. */
export declare const SERVER_SCRIPT: string;

export type SpawnOptions = {
  /** Command and arguments to run the command under, e.g. ["taskset", "-c", "0"]. */
  prefix?: string[];
  cwd?: string;
  /** Added to process.env. */
  env?: Record<string, string | undefined>;
  /** Read stdout too (default: stderr only; stdout is ignored). */
  captureStdout?: boolean;
  /** How much of the output output() keeps (default 64,000 characters). */
  tailChars?: number;
  /** Called with each chunk of output as it arrives. */
  onOutput?: (chunk: Buffer) => void;
};

export type GroupProcess = {
  child: ChildProcess;
  /** The last tailChars characters of the output so far. */
  output: () => string;
  /** Resolves with the exit code, or the signal's name, once the group's leader has exited. */
  exited: Promise<number | string>;
};

export declare function spawnInGroup(command: string, args: string[], options?: SpawnOptions): GroupProcess;

export declare function spawnNextStart(options: SpawnOptions & { port: number; args?: string[]; nodeFlags?: string[] }): GroupProcess;

export declare function waitUntilServing(options: {
  url: string;
  child: ChildProcess;
  output?: () => string;
  /** Names the process in errors (default "next start"). */
  label?: string;
  /** Default 120,000. */
  timeoutMs?: number;
  /** Default 250. */
  intervalMs?: number;
}): Promise<void>;

export declare function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void;

export declare function stopGroup(child: ChildProcess, options?: { graceMs?: number; signal?: NodeJS.Signals }): Promise<void>;

export declare function freePort(): Promise<number>;
