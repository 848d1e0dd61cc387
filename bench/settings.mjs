// The settings every scenario of `npm run bench` shares: the environment variables read once
// (a scenario's own, such as BENCH_EVENT_STREAMS, are read in its module) and the seeded rows
// the bench signs in as and loads. Reading this module has no side effects.

import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH = path.join(ROOT, "bench");

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const CHECKOUT_CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 20);
/** BENCH_SCALES="1,10" (default): each scale gets a fresh database seeded by `npm run db:seed -- --scale N`. */
export const SCALES = (process.env.BENCH_SCALES ?? "1,10").split(",").map(Number);

export const DEMO_CUSTOMER = 3; // a seeded demo customer (not a restaurant owner) with orders
export const DEMO_CUSTOMER_EMAIL = "priya.raman@example.com";
/** The bulk customer with 100·N orders (prisma/seed-scale.ts). */
export const BENCH_ORDERS_EMAIL = "bench.orders@example.com";
export const RESTAURANT = 1;

/** The headers a browser sends for a document (the host and Next.js compress for gzip). */
export const DOCUMENT_HEADERS = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "accept-encoding": "gzip" };
