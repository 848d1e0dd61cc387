// @ts-check
// The server's log (docs/architecture/operations.md "Logs"): one JSON line an event on stdout
// (pino), with the request's id when one is under way; `LOG_LEVEL` (debug, info, warn, error;
// info by default) says which are written. `npm run dev` (or LOG_FORMAT=pretty) writes the same
// events as readable lines on stderr instead. Nothing secret or personal is written: pino's
// `redact` blanks the fields that hold one (passwords, card numbers, tokens, cookies,
// addresses) and scrub() the same in every message and string field, whoever wrote it.
//
// The worker logs through pino; the primary writes the same lines itself (it stays as small as
// Node: server/supervisor.mjs), and the app through the ops registry
// (lib/shared/web/registries/ops.mjs), so a line's shape is this file's wherever it comes from.
import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";

/** The levels, by pino's numbers. */
export const LEVELS = /** @type {const} */ ({ debug: 20, info: 30, warn: 40, error: 50 });
/** @typedef {keyof typeof LEVELS} Level */

/** `LOG_LEVEL`, or info (an unknown name too: the log is how a wrong setting would be said). @param {string | undefined} raw @returns {Level} */
export const levelOf = (raw) => (raw && raw.toLowerCase() in LEVELS ? /** @type {Level} */ (raw.toLowerCase()) : "info");

/** Fields whose value is never written, at the top or one level down (pino's redact paths). */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "authorization",
  "cookie",
  "set-cookie",
  "xsrf-token",
  "x-xsrf-token",
  "cardNumber",
  "number",
  "cvc",
  "cvv",
  "exp",
  "address",
  "line1",
  "line2",
  "street",
  "dropoffAddress",
  "deliveryAddress",
  "email",
  "phone",
];
/** A field as a redact path: `name`, or `["x-name"]` for one that is not an identifier. @param {string} field */
const pathOf = (field) => (/^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`);
export const REDACT_PATHS = [
  ...SECRET_FIELDS.map(pathOf),
  ...SECRET_FIELDS.map((field) => `*${/^[A-Za-z_$]/.test(pathOf(field)) ? "." : ""}${pathOf(field)}`),
  "headers.cookie",
  'headers["set-cookie"]',
  "headers.authorization",
  "req.headers.cookie",
  "req.headers.authorization",
];
export const CENSOR = "[redacted]";
const SECRET_NAMES = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));
/** Whether a field of that name is never written. @param {string} key */
const isSecret = (key) => SECRET_NAMES.has(key.toLowerCase());

/** Whether `digits` passes the Luhn check every card number does. @param {string} digits */
function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
const SEAL = /Fe26\.2\*[^\s;"',]+/g;
const BEARER = /\bBearer\s+[\w.~+/=-]+/gi;
const COOKIE_HEADER = /\b((?:set-)?cookie)(["']?\s*[:=]\s*)[^\n]+/gi;
const SECRET_PAIR = /\b(password|passwd|newPassword|currentPassword|token|secret|api[_-]?key|cardNumber|card_number|cvc|cvv)(["']?\s*[:=]\s*["']?)[^\s"',;&}]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// A number, one to four words, a street suffix: capitalised (any), or lower-case (the ones no
// sentence ends a count with: "12 is in place" stays).
const STREET =
  /\b\d{1,6}\s+(?:[A-Za-z0-9][\w.'-]*\s+){1,4}(?:(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Loop|Trail|Trl)|(?:street|avenue|ave|road|boulevard|blvd|drive|lane|parkway|highway))\b\.?/g;

/** `text` with every card number, session seal, bearer token, cookie, secret pair, email and street address replaced. @param {string} text */
export function scrub(text) {
  if (text.length < 6) return text;
  return text
    .replace(CARD, (match) => (luhn(match.replace(/[ -]/g, "")) ? "[card]" : match))
    .replace(SEAL, "[sealed]")
    .replace(BEARER, `Bearer ${CENSOR}`)
    .replace(COOKIE_HEADER, `$1$2${CENSOR}`)
    .replace(SECRET_PAIR, `$1$2${CENSOR}`)
    .replace(EMAIL, "[email]")
    .replace(STREET, "[address]");
}

/** An error as a log field, its message and stack scrubbed. @param {unknown} error */
export function errorField(error) {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  return { type: error.name, message: scrub(error.message), stack: scrub(error.stack ?? "") };
}

/** A copy of a record's fields with every string scrubbed, one level down (the log's `formatters.log`); the caller's objects are left as they are. @param {Record<string, unknown>} fields */
export function scrubFields(fields) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (isSecret(key)) out[key] = CENSOR;
    else if (typeof value === "string") out[key] = scrub(value);
    else if (value instanceof Error) out[key] = errorField(value);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      /** @type {Record<string, unknown>} */
      const inner = {};
      for (const [k, v] of Object.entries(value)) inner[k] = isSecret(k) ? CENSOR : typeof v === "string" ? scrub(v) : v instanceof Error ? errorField(v) : v;
      out[key] = inner;
    } else out[key] = value;
  }
  return out;
}

/** The id of the request being served, for every line written while it is (server/ops.mjs sets it). */
export const requestScope = /** @type {AsyncLocalStorage<{ reqId: string }>} */ (new AsyncLocalStorage());

const pretty = process.argv.includes("--dev") ? process.env.LOG_FORMAT !== "json" : process.env.LOG_FORMAT === "pretty";
const LABELS = /** @type {Record<number, string>} */ ({ 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" });

/** A JSON line as `npm run dev` shows it: time, level, [request id], message, the other fields. @param {string} line */
export function readableLine(line) {
  /** @type {Record<string, unknown>} */
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    return line;
  }
  const { level, time, msg, reqId, pid: _pid, hostname: _hostname, ...rest } = event;
  const clock = new Date(Number(time)).toISOString().slice(11, 23);
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : "";
  return `${clock} ${LABELS[Number(level)] ?? level} [nosh]${reqId ? ` (${reqId})` : ""} ${msg ?? ""}${extra}\n`;
}

/** Where the lines go: stdout as JSON, or stderr as readable lines. @param {string} line */
const write = (line) => (pretty ? process.stderr.write(readableLine(line)) : process.stdout.write(line));

/** @typedef {import("../lib/shared/web/registries/ops.mjs").Logger} Logger */

/** The primary's logger: the same lines as pino's, written by hand (pino is the worker's alone). @param {Level} minimum @returns {Logger} */
function handWritten(minimum) {
  /** @param {Level} level */
  const method = (level) =>
    /** @type {import("../lib/shared/web/registries/ops.mjs").LogMethod} */ (
      (/** @type {unknown} */ first, /** @type {string | undefined} */ second) => {
        if (LEVELS[level] < LEVELS[minimum]) return;
        const fields = typeof first === "string" ? {} : scrubFields(/** @type {Record<string, unknown>} */ (first));
        const msg = scrub(typeof first === "string" ? first : (second ?? ""));
        const reqId = requestScope.getStore()?.reqId;
        write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, ...(reqId ? { reqId } : {}), ...fields, msg })}\n`);
      }
    );
  return { debug: method("debug"), info: method("info"), warn: method("warn"), error: method("error") };
}

/** The worker's logger: pino, synchronous writes (a line is out before a `process.exit`). @param {Level} minimum @returns {Promise<{ pino: Logger }>} */
export async function pinoLogger(minimum) {
  const { default: pino } = await import("pino");
  const none = {};
  const made = pino(
    {
      level: minimum,
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { reqId: scope.reqId } : none;
      },
      formatters: { log: (fields) => scrubFields(fields) },
      hooks: {
        logMethod(args, method) {
          for (let i = 0; i < args.length; i++) {
            const arg = args[i];
            if (typeof arg === "string") args[i] = scrub(arg);
          }
          return method.apply(this, /** @type {[string]} */ (args));
        },
      },
    },
    { write },
  );
  return { pino: made };
}

const minimum = levelOf(process.env.LOG_LEVEL);
/** The process's logger: the primary's hand-written lines until the worker's pino is loaded (startPinoLogger). */
export let logger = handWritten(minimum);

/** The worker's: switches to pino (server/worker.mjs, before anything else logs). */
export async function startPinoLogger() {
  if (!cluster.isPrimary) logger = (await pinoLogger(minimum)).pino;
  return logger;
}

/** An event worth a line (information). @param {string} message */
export const log = (message) => logger.info(message);

/** Logs why and exits 1: a setting that is wrong cannot be fixed by retrying. @param {string} message @returns {never} */
export function refuseToStart(message) {
  logger.error(`refusing to start: ${message}`);
  process.exit(1);
}

/** An error's stack, or whatever was thrown. @param {unknown} error */
export const describeError = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
