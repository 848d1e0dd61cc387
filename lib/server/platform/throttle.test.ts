import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "./testing/db";

// Throttling against a real, migrated database. Time is passed
// in (`now`), so delays and windows are checked without waiting.

setUpTestDatabase({
  LOGIN_FREE_FAILURES: "3",
  LOGIN_MAX_DELAY_SECONDS: "10",
  LOGIN_MAX_FAILURES_PER_ADDRESS: "30",
  LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "4",
  LOGIN_MAX_SUCCESSES_PER_ADDRESS: "6",
  SIGNUP_MAX_PER_ADDRESS: "3",
  GUEST_MAX_PER_ADDRESS: "2",
  LOGIN_WINDOW_SECONDS: "900",
});
const throttle = await import("./throttle");
const http = await import("../web/client-address");

const T0 = new Date("2026-11-22T12:00:00Z").getTime();
const at = (seconds: number) => new Date(T0 + seconds * 1000);
let n = 0;
const fresh = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

/** The 429's Retry-After in seconds, or "allowed". */
async function gate(account: string, address: string, now: Date): Promise<number | "allowed"> {
  try {
    await throttle.assertLoginAllowed(account, address, now);
    return "allowed";
  } catch (error) {
    expect(error).toMatchObject({ status: 429 });
    return Number((error as { headers: Record<string, string> }).headers["Retry-After"]);
  }
}

describe("client address", () => {
  const request = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

  it("without a trusted proxy ignores X-Forwarded-For and X-Real-IP: rotating them buys no fresh throttle", async () => {
    const account = fresh("victim@example.com");
    const addresses = Array.from({ length: 40 }, (_, i) => http.clientAddress(request({ "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}` }), false));
    expect(new Set(addresses)).toEqual(new Set([http.UNKNOWN_ADDRESS]));
    for (let i = 0; i < 3; i++) await throttle.recordLoginFailure(account, addresses[i]!, at(0));
    expect(await gate(account, addresses[39]!, at(0))).toBe("allowed");
    await throttle.recordLoginFailure(account, addresses[3]!, at(0));
    expect(await gate(account, addresses[4]!, at(0))).toBe(1);
  });

  it("uses the server-set socket address, and the first X-Forwarded-For hop only behind a trusted proxy", () => {
    expect(http.clientAddress(request({ "x-nosh-client-address": "192.0.2.7", "x-forwarded-for": "1.1.1.1" }), false)).toBe("192.0.2.7");
    expect(http.clientAddress(request({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" }), true)).toBe("203.0.113.9");
    expect(http.clientAddress(request({ "x-nosh-client-address": "192.0.2.7" }), true)).toBe("192.0.2.7");
    expect(http.clientAddress(request({}), true)).toBe(http.UNKNOWN_ADDRESS);
  });
});

describe("failed logins", () => {
  it("per (account, address): three free failures, then waits of 1 s, 2 s, 4 s... capped", async () => {
    const account = fresh("a@example.com");
    const address = fresh("10.0.0");
    for (let i = 0; i < 3; i++) await throttle.recordLoginFailure(account, address, at(i));
    expect(await gate(account, address, at(3))).toBe("allowed");
    const waits: number[] = [];
    let t = 3;
    for (let i = 0; i < 6; i++) {
      await throttle.recordLoginFailure(account, address, at(t));
      const wait = await gate(account, address, at(t));
      expect(wait).not.toBe("allowed");
      waits.push(wait as number);
      t += wait as number;
      expect(await gate(account, address, at(t))).toBe("allowed");
    }
    expect(waits).toEqual([1, 2, 4, 8, 10, 10]);
  });

  it("never locks the account: its owner signs in from an address that has not failed", async () => {
    const account = fresh("owner@example.com");
    for (let a = 0; a < 25; a++) for (let i = 0; i < 6; i++) await throttle.recordLoginFailure(account, `attacker-${a}`, at(i));
    expect(await gate(account, "attacker-0", at(6))).not.toBe("allowed");
    expect(await gate(account, "owners-phone", at(6))).toBe("allowed");
  });

  it("a success clears the pair's failures", async () => {
    const account = fresh("b@example.com");
    const address = fresh("10.0.1");
    for (let i = 0; i < 3; i++) await throttle.recordLoginFailure(account, address, at(0));
    await throttle.recordLoginSuccess(account, address, at(0));
    await throttle.recordLoginFailure(account, address, at(0));
    expect(await gate(account, address, at(0))).toBe("allowed");
  });

  it("caps failures per address across accounts until the window ends", async () => {
    const address = fresh("10.0.2");
    for (let i = 0; i < 30; i++) await throttle.recordLoginFailure(fresh("spray@example.com"), address, at(i));
    expect(await gate(fresh("next@example.com"), address, at(30))).toBe(870);
    expect(await gate(fresh("next@example.com"), address, at(900))).toBe("allowed");
  });
});

describe("successful logins", () => {
  it("per account: past the limit in the window, 429 with Retry-After, before any hashing", async () => {
    const account = fresh("c@example.com");
    for (let i = 0; i < 4; i++) {
      expect(await gate(account, `addr-${i}`, at(i))).toBe("allowed");
      await throttle.recordLoginSuccess(account, `addr-${i}`, at(i));
    }
    expect(await gate(account, "addr-new", at(10))).toBe(890);
    expect(await gate(account, "addr-new", at(900))).toBe("allowed");
  });

  it("per address across accounts", async () => {
    const address = fresh("10.0.3");
    for (let i = 0; i < 6; i++) await throttle.recordLoginSuccess(fresh("d@example.com"), address, at(0));
    expect(await gate(fresh("d@example.com"), address, at(1))).toBe(899);
    expect(await gate(fresh("d@example.com"), fresh("10.0.4"), at(1))).toBe("allowed");
  });
});

describe("account creation", () => {
  it("signups per address: past the limit 429 with Retry-After and a clear message; other addresses unaffected", async () => {
    const address = fresh("10.0.5");
    for (let i = 0; i < 3; i++) await throttle.takeCreationSlot("signup", address, at(i));
    await expect(throttle.takeCreationSlot("signup", address, at(5))).rejects.toMatchObject({
      status: 429,
      message: "Too many accounts were created from your address. Please try again later.",
      headers: { "Retry-After": "895" },
    });
    await throttle.takeCreationSlot("signup", fresh("10.0.6"), at(5));
    await throttle.takeCreationSlot("signup", address, at(900));
  });

  it("guests per address, counted apart from signups, and parallel requests cannot slip past", async () => {
    const address = fresh("10.0.7");
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => throttle.takeCreationSlot("guest", address, at(0))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    await throttle.takeCreationSlot("signup", address, at(0));
  });
});

describe("pruning", () => {
  it("deletes counters only once their window and lock are a window behind", async () => {
    const account = fresh("e@example.com");
    const address = fresh("10.0.8");
    for (let i = 0; i < 8; i++) await throttle.recordLoginFailure(account, address, at(0));
    await throttle.pruneThrottles(at(900));
    expect(await gate(account, address, at(1))).not.toBe("allowed");
    await throttle.pruneThrottles(at(10_000));
    expect(await gate(account, address, at(10_000))).toBe("allowed");
    expect(await gate(account, address, at(1))).toBe("allowed");
  });
});
