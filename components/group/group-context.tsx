"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import type { GroupJson } from "./types";
import { GROUP_LOCKED } from "@/lib/shared/words/messages";

// One group order on its page: the JSON the server rendered first, kept current by polling
// GET /api/group-orders/{token}?since={version} about every second while the page is visible
// (204 when nothing changed), and replaced by the group every change answers with.

/** How often the page asks for changes while it is visible; a placed order's stage, less often. */
export const GROUP_POLL_MS = 1000;
const PLACED_POLL_MS = 3000;

export type LineBody = { menuItemId: number; quantity: number; options?: number[]; instructions?: string };

type GroupContextValue = {
  group: GroupJson;
  /** The link stopped working while the page was open (canceled, expired): 404 from the server. */
  gone: boolean;
  /** Calls a group endpoint answering with the group and adopts that group; errors are thrown. */
  change: (path: string, method: "POST" | "PATCH" | "DELETE", body?: unknown, headers?: Record<string, string>) => Promise<GroupJson>;
  adopt: (group: GroupJson) => void;
  addLine: (line: LineBody) => Promise<GroupJson>;
};

const GroupContext = createContext<GroupContextValue | null>(null);

export const groupPath = (token: string) => `/api/group-orders/${encodeURIComponent(token)}`;

export function GroupProvider({ initial, children }: { initial: GroupJson; children: ReactNode }) {
  const [group, setGroup] = useState(initial);
  const [gone, setGone] = useState(false);
  const current = useRef(group);
  const path = groupPath(initial.token);

  // A poll's answer may arrive after a change's newer one: the higher version wins (a placed
  // group's order moves on without a new version, so an equal one is taken).
  const adopt = useCallback((next: GroupJson) => {
    if (next.version < current.current.version) return;
    current.current = next;
    setGroup(next);
  }, []);

  useEffect(() => {
    if (gone) return;
    let timer: number | undefined;
    let stopped = false;
    let inFlight: AbortController | null = null;

    const schedule = () => {
      window.clearTimeout(timer);
      if (!stopped && document.visibilityState === "visible") timer = window.setTimeout(poll, current.current.status === "placed" ? PLACED_POLL_MS : GROUP_POLL_MS);
    };
    const poll = async () => {
      if (inFlight || stopped) return;
      inFlight = new AbortController();
      const { status, version } = current.current;
      try {
        // After checkout the order's stage changes without a new group version: read it whole.
        const next = await api<GroupJson | null>(status === "placed" ? path : `${path}?since=${version}`, { signal: inFlight.signal });
        if (next) adopt(next);
      } catch (failure) {
        if (parseApiError(failure).status === 404) {
          setGone(true);
          stopped = true;
        }
        // Anything else (offline, a restart): the next poll tries again.
      } finally {
        inFlight = null;
      }
      schedule();
    };
    // Hidden: no polling (a phone in a pocket costs nothing); visible again: read at once.
    const onVisibility = () => {
      if (document.visibilityState === "visible") void poll();
      else window.clearTimeout(timer);
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [path, gone, adopt]);

  const change = useCallback(
    async (sub: string, method: "POST" | "PATCH" | "DELETE", body?: unknown, headers?: Record<string, string>) => {
      try {
        const next = await api<GroupJson>(`${path}${sub}`, { method, body, headers });
        adopt(next);
        return next;
      } catch (failure) {
        if (parseApiError(failure).status === 404) setGone(true);
        throw failure;
      }
    },
    [path, adopt],
  );
  const addLine = useCallback((line: LineBody) => change("/lines", "POST", line), [change]);

  const value = useMemo(() => ({ group, gone, change, adopt, addLine }), [group, gone, change, adopt, addLine]);
  return <GroupContext.Provider value={value}>{children}</GroupContext.Provider>;
}

export function useGroup(): GroupContextValue {
  const value = useContext(GroupContext);
  if (!value) throw new Error("useGroup must be used inside <GroupProvider>");
  return value;
}

const noSubscribe = () => () => undefined;

/** Whether the group's deadline has passed (participants' changes are then refused); read in the browser only. */
export function usePastDeadline(deadline: string | null): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => deadline !== null && Date.parse(deadline) <= Date.now(),
    () => false,
  );
}

/**
 * Why the caller cannot add to the group now, in the API's words, or null when they can: the
 * group is locked (GROUP_LOCKED), or past the deadline for anyone but the host.
 */
export function useAddRefusal(): string | null {
  const { group } = useGroup();
  const pastDeadline = usePastDeadline(group.deadline);
  if (group.status === "locked") return GROUP_LOCKED;
  if (group.status !== "open") return GROUP_CLOSED;
  if (pastDeadline && !group.you.isHost) return DEADLINE_PASSED;
  return null;
}

/** useAddRefusal's reasons besides GROUP_LOCKED, in English (the add button words them: orderflow.group.add). */
export const GROUP_CLOSED = "This group order is closed";
export const DEADLINE_PASSED = "The deadline to add dishes has passed";
