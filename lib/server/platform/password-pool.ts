import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { busy } from "./errors";

// bcrypt off the event loop: a bounded pool of worker threads running the native
// `bcrypt` package (same $2a$/$2b$ hashes as bcryptjs). Each thread lowers its own priority
// (nice 10), so under a login flood the event loop, which serves every other request, keeps
// the CPU first. At most `threads` hashes run at once and `queue` wait; past that a hash is
// refused with 503 + Retry-After instead of queueing without end.

type Job = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };
type Pending = { job: Job; resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/** Hashing threads yield to the event loop: nice 10 gets about a tenth of the weight of nice 0. */
const WORKER_NICE = 10;

// Evaluated as CommonJS in the worker, outside the bundle: `bcrypt` is found from the server's
// working directory or from its entry script's folder (node_modules/next/... or a custom
// server beside node_modules), whichever has it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readlinkSync } = require("node:fs");
const { setPriority } = require("node:os");
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), ${WORKER_NICE});
} catch {}
const bcrypt = require(require.resolve("bcrypt", { paths: workerData.searchFrom }));
parentPort.on("message", (job) => {
  try {
    const result = job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

export class PasswordPool {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Pending>();
  private readonly waiting: Pending[] = [];
  private started = 0;

  constructor(
    readonly threads: number,
    readonly queue: number,
  ) {}

  hash(password: string, cost: number): Promise<string> {
    return this.run({ op: "hash", password, cost }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: "compare", password, hash }) as Promise<boolean>;
  }

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running.size, waiting: this.waiting.length };
  }

  private run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      const pending = { job, resolve, reject };
      const worker = this.idle.pop() ?? (this.started < this.threads ? this.spawn() : undefined);
      if (worker) this.dispatch(worker, pending);
      else if (this.waiting.length < this.queue) this.waiting.push(pending);
      else reject(busy());
    });
  }

  private spawn(): Worker {
    this.started++;
    const searchFrom = [process.cwd(), ...(process.argv[1] ? [path.dirname(path.resolve(/*turbopackIgnore: true*/ process.argv[1]))] : [])];
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { searchFrom } });
    // Idle threads must not keep a CLI or test process alive.
    worker.unref();
    worker.on("message", (answer: { result?: string | boolean; error?: string }) => {
      const pending = this.running.get(worker);
      this.running.delete(worker);
      if (pending) {
        if (answer.error !== undefined) pending.reject(new Error(answer.error));
        else pending.resolve(answer.result!);
      }
      this.next(worker);
    });
    worker.on("error", (error) => this.lose(worker, error));
    worker.on("exit", (code) => this.lose(worker, new Error(`password worker exited with code ${code}`)));
    return worker;
  }

  private dispatch(worker: Worker, pending: Pending): void {
    this.running.set(worker, pending);
    worker.ref();
    worker.postMessage(pending.job);
  }

  private next(worker: Worker): void {
    const pending = this.waiting.shift();
    if (pending) return this.dispatch(worker, pending);
    worker.unref();
    this.idle.push(worker);
  }

  /** A dead thread fails its job; a replacement is started for whatever waits. */
  private lose(worker: Worker, error: Error): void {
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    const pending = this.running.get(worker);
    if (!pending && index < 0) return;
    this.running.delete(worker);
    this.started--;
    pending?.reject(error);
    const waiting = this.waiting.shift();
    if (waiting) this.dispatch(this.spawn(), waiting);
  }
}
