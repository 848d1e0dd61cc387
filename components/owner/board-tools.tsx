"use client";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";
import { STORAGE_KEYS } from "@/lib/shared/constants";
import { formatTime } from "@/lib/shared/time/format-date";
import { NEW_ORDER_EVENT, RING_REPEAT_MS, ringsAgain, SHIFT_MUTE_MS, WAITING_ORDERS_EVENT } from "./board-types";
import styles from "./board.module.css";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";

type Choice = "on" | "off" | null;

function stored(key: string): Choice {
  try {
    const value = localStorage.getItem(key);
    return value === "on" || value === "off" ? value : null;
  } catch {
    return null; // no storage (private mode): asked again, nothing remembered
  }
}
// This device's choices, shared by the board's tabs (the storage event) and read after hydration.
const listeners = new Set<() => void>();
function store(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch {
    // Not remembered without storage.
  }
  listeners.forEach((listener) => listener());
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
const nothing = () => () => undefined;
const readSound = () => stored(STORAGE_KEYS.boardSound);
const readAwake = () => stored(STORAGE_KEYS.boardWakeLock) === "on";
// A kitchen tablet keeps its screen on unless switched off there.
const readAwakeDevice = () => stored(STORAGE_KEYS.boardWakeLock) !== "off";
function readMutedUntil(): number | null {
  try {
    const until = Number(localStorage.getItem(STORAGE_KEYS.boardMutedUntil));
    return Number.isFinite(until) && until > Date.now() ? until : null;
  } catch {
    return null;
  }
}
function storeMutedUntil(until: number | null): void {
  try {
    if (until === null) localStorage.removeItem(STORAGE_KEYS.boardMutedUntil);
    else localStorage.setItem(STORAGE_KEYS.boardMutedUntil, String(until));
  } catch {
    // Not remembered without storage.
  }
  listeners.forEach((listener) => listener());
}
const hasWakeLock = () => "wakeLock" in navigator;

/** A short two-note tone (Web Audio: no sound file to download). */
function chime(audio: AudioContext): void {
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.15, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.5);
  gain.connect(audio.destination);
  [880, 1320].forEach((frequency, index) => {
    const tone = audio.createOscillator();
    tone.frequency.value = frequency;
    tone.connect(gain);
    tone.start(audio.currentTime + index * 0.15);
    tone.stop(audio.currentTime + 0.5);
  });
}

/**
 * The board's device settings, loaded after the board (board-tools-lazy.tsx) and disabled until
 * mounted: a chime on every new order and "keep the screen on" (docs/architecture/kitchen.md
 * "The board a kitchen works from"). Both are remembered per device (localStorage). A browser lets a page play sound only
 * after a tap on it, so the sound is asked for once ("Turn on sound", the tap that allows it); on a
 * later visit with the sound on, the sound is resumed at once, which a browser that allows it
 * (a kiosk's autoplay policy, a site it trusts) lets play without a tap; where it does not, a
 * large "Tap to enable sound" shows, and the first tap anywhere lets it play. A kitchen tablet
 * (`device`) keeps the screen on unless switched off. The screen is kept on with the Screen Wake Lock API, asked again whenever
 * the page becomes visible (the browser lets it go when the tab is hidden); where the browser has
 * no wake lock, the switch is disabled and says why.
 */
export function BoardTools({
  words,
  locale,
  timeZone,
  device = false,
}: {
  words: Words<"kitchen">["board"]["tools"];
  locale: Locale;
  timeZone: string;
  device?: boolean;
}) {
  // Disabled until mounted (the server renders them: no tap lands on markup that does nothing yet).
  const mounted = useSyncExternalStore(
    nothing,
    () => true,
    () => false,
  );
  const sound = useSyncExternalStore(subscribe, readSound, () => null);
  const wakeSupported = useSyncExternalStore(nothing, hasWakeLock, () => true);
  const awake = useSyncExternalStore(subscribe, device ? readAwakeDevice : readAwake, () => false) && wakeSupported;
  const [audioState, setAudioState] = useState<AudioContextState | "none">("running");
  const [chimes, setChimes] = useState(0);
  const audio = useRef<AudioContext | null>(null);
  const [held, setHeld] = useState(false);
  const [wakeError, setWakeError] = useState<string | null>(null);
  const lock = useRef<WakeLockSentinel | null>(null);
  const wanted = useRef(false);

  /** The page's one AudioContext; "running" only once the browser allowed it (a tap). */
  const context = useCallback((): AudioContext | null => {
    if (!audio.current) {
      try {
        const ctx = new AudioContext();
        ctx.addEventListener("statechange", () => setAudioState(ctx.state));
        audio.current = ctx;
      } catch {
        return null; // no Web Audio: the board's visual cues remain
      }
    }
    return audio.current;
  }, []);

  const mutedUntil = useSyncExternalStore(subscribe, readMutedUntil, () => null);
  const lastRing = useRef(0);
  const waiting = useRef(0);
  const play = useCallback(() => {
    const ctx = context();
    if (!ctx) return;
    setAudioState(ctx.state);
    if (ctx.state !== "running" || readMutedUntil() !== null) return;
    chime(ctx);
    lastRing.current = Date.now();
    setChimes((n) => n + 1);
  }, [context]);

  // The ring repeats while an order waits to be accepted, until it is or the sound is muted for the shift.
  useEffect(() => {
    const onWaiting = (event: Event) => void (waiting.current = Number((event as CustomEvent<number>).detail) || 0);
    window.addEventListener(WAITING_ORDERS_EVENT, onWaiting);
    const timer = window.setInterval(() => {
      if (ringsAgain({ soundOn: readSound() === "on", waiting: waiting.current, mutedUntil: readMutedUntil(), lastRingAt: lastRing.current, now: Date.now() })) play();
    }, RING_REPEAT_MS / 3);
    return () => {
      window.removeEventListener(WAITING_ORDERS_EVENT, onWaiting);
      window.clearInterval(timer);
    };
  }, [play]);

  // With the sound on (a later visit), the first tap anywhere on the page lets it play; the
  // context's statechange says when it may.
  useEffect(() => {
    if (sound !== "on") return;
    const ctx = context();
    if (!ctx) return;
    const unlock = () => void ctx.resume().catch(() => undefined);
    const check = () => setAudioState(ctx.state);
    // Resumed without a tap: where the browser allows it the sound is back after a reload; where not, the context stays suspended until a tap.
    unlock();
    void Promise.resolve().then(check);
    document.addEventListener("pointerdown", unlock, { once: true });
    document.addEventListener("keydown", unlock, { once: true });
    window.addEventListener(NEW_ORDER_EVENT, play);
    return () => {
      document.removeEventListener("pointerdown", unlock);
      document.removeEventListener("keydown", unlock);
      window.removeEventListener(NEW_ORDER_EVENT, play);
    };
  }, [sound, context, play]);

  const chooseSound = async (on: boolean) => {
    store(STORAGE_KEYS.boardSound, on);
    if (!on) return;
    // This tap is the one that allows the page's sound: resume, then a chime to hear what it is.
    const ctx = context();
    if (!ctx) return;
    await ctx.resume().catch(() => undefined);
    play();
  };

  // The wake lock: held while wanted; the browser releases it when the tab is hidden, so it is
  // asked again each time the page is visible.
  useEffect(() => {
    wanted.current = awake;
    if (!awake) {
      void lock.current?.release().catch(() => undefined);
      lock.current = null;
      return;
    }
    const acquire = async () => {
      if (!wanted.current || lock.current || document.visibilityState !== "visible") return;
      try {
        const sentinel = await navigator.wakeLock.request("screen");
        if (!wanted.current) return void sentinel.release();
        lock.current = sentinel;
        setHeld(true);
        setWakeError(null);
        sentinel.addEventListener("release", () => {
          if (lock.current === sentinel) lock.current = null;
          setHeld(false);
        });
      } catch (error) {
        setWakeError(fill(words.wakeError, { reason: (error as Error).message || words.refused }));
        setHeld(false);
      }
    };
    void acquire();
    const onVisible = () => void acquire();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [awake, words.wakeError, words.refused]);
  useEffect(() => () => void lock.current?.release().catch(() => undefined), []);

  const chooseAwake = (on: boolean) => {
    setWakeError(null);
    store(STORAGE_KEYS.boardWakeLock, on);
  };

  const blocked = sound === "on" && audioState !== "running";
  const note = blocked ? words.tapToPlay : !wakeSupported ? words.noWake : awake ? (wakeError ?? (held ? words.stays : "")) : "";
  return (
    <div className={styles.tools} data-chimes={chimes}>
      {sound === null ? (
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} disabled={!mounted} onClick={() => void chooseSound(true)}>
          {words.turnOn}
        </button>
      ) : (
        <label className={styles.soundSwitch}>
          <input type="checkbox" checked={sound === "on"} disabled={!mounted} onChange={(event) => void chooseSound(event.target.checked)} />
          {words.sound}
        </label>
      )}
      {sound === "on" &&
        (mutedUntil === null ? (
          <button
            type="button"
            className={buttonClass({ variant: "ghost", size: "small" })}
            disabled={!mounted}
            onClick={() => storeMutedUntil(Date.now() + SHIFT_MUTE_MS)}
          >
            {words.mute}
          </button>
        ) : (
          <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} disabled={!mounted} onClick={() => storeMutedUntil(null)}>
            {fill(words.unmute, { time: formatTime(new Date(mutedUntil), timeZone, locale) })}
          </button>
        ))}
      {blocked && mounted && (
        <button
          type="button"
          className={`${buttonClass()} ${styles.enableSound}`}
          onClick={() =>
            void context()
              ?.resume()
              .catch(() => undefined)
          }
        >
          {words.tapToEnable}
        </button>
      )}
      <label className={styles.soundSwitch}>
        <input type="checkbox" checked={awake} disabled={!mounted || !wakeSupported} onChange={(event) => chooseAwake(event.target.checked)} />
        {words.awake}
      </label>
      <p className={styles.toolsNote} role="status">
        {note}
      </p>
    </div>
  );
}
