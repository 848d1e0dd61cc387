// @ts-check
// The host's log: one line on stderr per event, prefixed so it stands out from Next.js's own.

/** @param {string} message */
export const log = (message) => console.error(`[nosh] ${message}`);

/** Logs why and exits 1: a setting that is wrong cannot be fixed by retrying. @param {string} message @returns {never} */
export function refuseToStart(message) {
  log(`refusing to start: ${message}`);
  process.exit(1);
}

/** An error's stack, or whatever was thrown. @param {unknown} error */
export const describeError = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
