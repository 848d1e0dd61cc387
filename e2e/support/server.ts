import { rmSync } from "node:fs";

// A throwaway production server (server.mjs, as `npm start`) with its own data folder and environment,
// for tests that need settings the shared test servers do not have (NOSH_ENV=production).

export type Server = { url: string; dataDir: string; stop: () => Promise<void> };

export async function startServer(port: number, dataDir: string, env: Record<string, string>): Promise<Server> {
  // next-server.mjs is an ES module; Playwright compiles this file to CommonJS, where a static
  // import becomes require() and fails ("exports is not defined in ES module scope"), so it is
  // imported dynamically.
  const { spawnNextStart, stopGroup, waitUntilServing } = await import("./next-server.mjs");
  rmSync(dataDir, { recursive: true, force: true });
  const { child, output } = spawnNextStart({ port, env: { DATA_DIR: dataDir, ...env } });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing({ url: `${url}/api/auth/`, child, output, label: "server" });
  return { url, dataDir, stop: () => stopGroup(child) };
}
