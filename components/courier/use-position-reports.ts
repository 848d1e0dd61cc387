"use client";
import { useEffect, useState, useSyncExternalStore } from "react";
import { xsrfToken } from "@/lib/client/api";
import { PositionReports, type ReportBody, type ReportOutcome } from "@/lib/client/position-reports";
import { XSRF_HEADER } from "@/lib/shared/web/csrf";
import type { Point } from "@/lib/shared/delivery/delivery";

/**
 * Where the browser's location stands: not asked yet, asked, working, refused, not to be had, or
 * working but too old for offers (nothing reached the server for FRESH_POSITION_MS: no fix, a
 * background tab, offline).
 */
export type LocationStatus = "off" | "asking" | "on" | "denied" | "unavailable" | "stale";

/** How often the watch looks whether the last fix is due again, and whether the position is stale. */
const CHECK_EVERY_MS = 10_000;

/**
 * The browser's position (watchPosition, high accuracy) reported to POST /api/courier/position by
 * PositionReports' rules (every 5 s at most, a 429's Retry-After, `{ points }` after a time
 * offline). Standing still, the last fix is repeated every REPEAT_EVERY_MS (dispatch skips
 * positions older than 2 minutes); back in front after a background spell, at once. Outside
 * React: the hook below reads its status and its newest fix.
 */
class LocationWatch {
  private status: LocationStatus = "off";
  /** The browser's newest fix: the courier's own screen follows it (distance, the "You" marker) without waiting for the server. */
  private fix: Point | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly reports = new PositionReports();
  private watchId: number | null = null;
  private timer: number | undefined;
  private check: number | undefined;
  /** The browser's own reading, before `stale` is weighed against it. */
  private browser: LocationStatus = "off";

  private onRefused: () => void = () => undefined;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  read = () => this.status;
  readFix = () => this.fix;
  /** The newest fix with its accuracy and age, as a step at a stop sends it (`position`). */
  stepFix = () => this.reports.newest(Date.now());

  private setFix(fix: Point | null) {
    this.fix = fix;
    this.listeners.forEach((listener) => listener());
  }

  private set(status: LocationStatus) {
    this.browser = status;
    this.show();
  }

  /** The status shown: the browser's, or "stale" when it works yet the server's position is too old for offers. */
  private show() {
    const status = (this.browser === "on" || this.browser === "asking") && this.reports.stale(Date.now()) ? "stale" : this.browser;
    if (this.status === status) return;
    this.status = status;
    this.listeners.forEach((listener) => listener());
  }

  /** Follows the position (once: again while watching only updates `onRefused`). */
  start(onRefused: () => void) {
    this.onRefused = onRefused;
    if (this.watchId !== null) return;
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) return this.set("unavailable");
    this.reports.begin(Date.now());
    this.set("asking");
    window.clearInterval(this.check);
    this.check = window.setInterval(this.heartbeat, CHECK_EVERY_MS);
    this.watchId = navigator.geolocation.watchPosition(
      (position) => {
        this.set("on");
        const { latitude: lat, longitude: lng, accuracy } = position.coords;
        this.setFix({ lat, lng });
        // Dated by the app's clock when it arrives, as its repeats are and as `stale` weighs it: one
        // clock for every point sent (a phone's location service may time its fixes by another).
        this.reports.add({ lat, lng, accuracy: Math.round(accuracy), at: new Date().toISOString() });
        this.flush();
      },
      (error) => {
        if (error.code !== error.PERMISSION_DENIED) return this.set("unavailable"); // the watch goes on: a fix may come later
        this.set("denied");
        this.clearWatch();
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
  }

  stop() {
    this.clearWatch();
    window.clearTimeout(this.timer);
    window.clearInterval(this.check);
    this.reports.clear();
    this.set("off");
    if (this.fix) this.setFix(null);
  }

  private clearWatch() {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
    this.watchId = null;
  }

  /** Standing still: the last fix again when due; and whether the position became stale. Also on coming back to the tab. */
  heartbeat = () => {
    if (this.watchId === null) return;
    if (this.reports.repeat(Date.now())) this.flush();
    this.show();
  };

  flush = () => {
    window.clearTimeout(this.timer);
    const due = this.reports.dueAt();
    if (due === null) return;
    const wait = due - Date.now();
    if (wait > 0) {
      this.timer = window.setTimeout(this.flush, wait);
      return;
    }
    if (!navigator.onLine) return; // the `online` event sends what waits
    const body = this.reports.take(Date.now());
    if (!body) return;
    void send(body).then((outcome) => {
      this.reports.settle(outcome, Date.now());
      this.show();
      if (outcome.kind === "refused") this.onRefused();
      this.flush();
    });
  };
}

/**
 * While on shift, the position is reported. `start` must also run in the click that goes on
 * shift, so the browser's permission prompt belongs to that gesture; `onRefused` runs when the
 * server refuses a report for good (off shift elsewhere, session over).
 */
export function usePositionReports(onShift: boolean, onRefused: () => void) {
  const [watch] = useState(() => new LocationWatch());
  const status = useSyncExternalStore(watch.subscribe, watch.read, () => "off" as const);
  const fix = useSyncExternalStore(watch.subscribe, watch.readFix, () => null);

  // Back on the page while on shift (a reload, another visit): follow the position again.
  useEffect(() => {
    if (onShift) watch.start(onRefused);
    else watch.stop();
  }, [onShift, watch, onRefused]);
  useEffect(() => {
    window.addEventListener("online", watch.flush);
    // A background tab's timers sleep: back in front, the last fix goes again at once if due.
    document.addEventListener("visibilitychange", watch.heartbeat);
    return () => {
      window.removeEventListener("online", watch.flush);
      document.removeEventListener("visibilitychange", watch.heartbeat);
      watch.stop();
    };
  }, [watch]);

  return { status, fix, stepFix: watch.stepFix, start: () => watch.start(onRefused), stop: () => watch.stop() };
}

async function send(body: ReportBody): Promise<ReportOutcome> {
  const token = xsrfToken();
  let response: Response;
  try {
    response = await fetch("/api/courier/position", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...(token ? { [XSRF_HEADER]: token } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: "offline" };
  }
  if (response.ok) return { kind: "sent" };
  if (response.status === 429) return { kind: "slow-down", retryAfterS: Number(response.headers.get("Retry-After")) || 1 };
  if (response.status >= 500) return { kind: "offline" };
  return { kind: "refused" };
}
