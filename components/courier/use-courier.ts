"use client";
import { useCallback, useState } from "react";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { useOrderEvents } from "@/lib/client/use-order-events";
import type { CourierJob, CourierJson, JobAction } from "./types";

export const errorText = (error: unknown) => (error instanceof ApiClientError ? error.message : SERVER_FAILURE);

/**
 * The courier's state and jobs, kept live: read on every (re)connect of the courier's event
 * stream (GET /api/courier/events) and after each of its events (an offer, a withdrawn offer, a
 * canceled job), as the order pages follow theirs (lib/client/use-order-events.ts).
 */
export function useCourier() {
  const [me, setMe] = useState<CourierJson | null>(null);
  const [jobs, setJobs] = useState<CourierJob[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [nextMe, { jobs: nextJobs }] = await Promise.all([api<CourierJson>("/api/courier"), api<{ jobs: CourierJob[] }>("/api/courier/jobs")]);
      setMe(nextMe);
      setJobs(nextJobs);
      setLoadError(null);
    } catch (error) {
      setLoadError(errorText(error));
    }
  }, []);

  useOrderEvents("/api/courier/events", { onSync: reload });

  const setShift = useCallback(
    async (onShift: boolean) => {
      await api<{ onShift: boolean }>("/api/courier/shift", { method: "PUT", body: { onShift } });
      await reload();
    },
    [reload],
  );

  const act = useCallback(
    async (job: CourierJob, action: JobAction, body?: Record<string, unknown>) => {
      try {
        await api<{ job: CourierJob }>(`/api/courier/jobs/${job.id}/${action}`, { method: "POST", body: body ?? {} });
      } finally {
        await reload();
      }
    },
    [reload],
  );

  return { me, jobs, loadError, reload, setShift, act };
}
