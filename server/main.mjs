// @ts-check
// `npm start` (and `npm run dev` with --dev): the host. Next.js's documented custom-server API
// (`next({ dev })` + `getRequestHandler()`) behind Node's own http server, because `next start`
// offers no header or request timeouts, no connection cap and no hook before routing. Usage:
// `node server/main.mjs [--dev] [-p PORT] [-H HOST] [--keepAliveTimeout MS]` (PORT and HOSTNAME
// from the environment also work). Settings (.env.example, docs/deploying.md):
// NOSH_HEADERS_TIMEOUT_MS, NOSH_REQUEST_TIMEOUT_MS, NOSH_KEEP_ALIVE_TIMEOUT_MS,
// NOSH_MAX_CONNECTIONS, NOSH_MAX_BODY_BYTES. How the modules fit: docs/architecture/host.md.
//
// This process is the primary, which supervises (server/supervisor.mjs); the worker it forks runs
// Next.js behind the host's layers (server/worker.mjs). `npm run dev` runs the same host around
// Next.js's development server, so what is replayed, handed off and refused is the same there.
import cluster from "node:cluster";
import { describeError, log } from "./log.mjs";
import { localOrigin, serverSettings } from "./settings.mjs";
import { runPrimary } from "./supervisor.mjs";

const settings = serverSettings();
// Links in mails point here unless PUBLIC_ORIGIN says otherwise (the worker inherits the variable).
const origin = localOrigin(settings);
if (origin && !process.env.NOSH_LOCAL_ORIGIN) process.env.NOSH_LOCAL_ORIGIN = origin;
// The worker's modules load in the worker only: the primary stays as small as Node itself (it
// counts against the unit's MemoryMax too: e2e/reliability/photo-memory.spec.ts).
if (cluster.isPrimary) runPrimary(settings);
else
  import("./worker.mjs")
    .then(({ runWorker }) => runWorker(settings))
    .catch((error) => {
      log(`refusing to start: ${describeError(error)}`);
      process.exit(1);
    });
