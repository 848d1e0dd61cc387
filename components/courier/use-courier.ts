"use client";
import { useCallback, useState } from "react";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import { uploadForm } from "@/lib/client/upload";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";
import type { OrderEventJson } from "@/lib/shared/orders/order-stages";
import type { CourierJob, CourierJson, JobAction } from "./types";

/** A row naming the courier (offers, withdrawals, cancellations, messages), as GET /api/courier/events sends: not their restaurants' orders. */
const courierRow = (event: OrderEventJson) => event.mine !== false;

/** What a failed read or step says (the hook's parser: an answer's message, else the generic failure). */
export const errorText = (error: unknown) => parseApiError(error).message;

/**
 * The courier's state and jobs, kept live: read on every (re)connect of the courier's event
 * rows on the page's one personal stream (GET /api/events?app=courier: the app is open) and after each of its events (an offer, a withdrawn offer, a
 * canceled job), as the order pages follow theirs (lib/client/use-order-events.ts).
 */
export function useCourier() {
  const [me, setMe] = useState<CourierJson | null>(null);
  const [jobs, setJobs] = useState<CourierJob[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [nextMe, { jobs: nextJobs }] = await Promise.all([api<CourierJson>("/api/courier"), api<{ jobs: CourierJob[] }>("/api/courier/jobs")]);
      // The offer's end by this device's clock, whatever that clock says (one clock for the countdown).
      const receivedAt = Date.now();
      setMe(nextMe);
      setJobs(nextJobs.map((job) => (job.offerExpiresInMs === null ? job : { ...job, offerDeadline: receivedAt + job.offerExpiresInMs })));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorText(error));
    }
  }, []);

  // A message from a customer (courier_message) wakes that job's thread alone (components/messages/message-thread.tsx).
  const [messageWakes, setMessageWakes] = useState<Record<number, number>>({});
  const onEvent = useCallback((event: OrderEventJson) => {
    const jobId = event.detail?.jobId;
    if (event.stage === "courier_message" && typeof jobId === "number") setMessageWakes((wakes) => ({ ...wakes, [jobId]: (wakes[jobId] ?? 0) + 1 }));
  }, []);
  useOrderEvents(`${PERSONAL_STREAM}?app=courier`, { onSync: reload, onEvent, accept: courierRow });

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
        // The drop-off photo (a File under `photo`) goes up as multipart/form-data, the rest as its JSON `data`.
        const { photo, ...rest } = body ?? {};
        if (photo instanceof File) {
          const form = new FormData();
          form.set("data", JSON.stringify(rest));
          form.set("photo", photo);
          await uploadForm<{ job: CourierJob }>("POST", `/api/courier/jobs/${job.id}/${action}`, form, () => {});
        } else await api<{ job: CourierJob }>(`/api/courier/jobs/${job.id}/${action}`, { method: "POST", body: rest });
      } finally {
        await reload();
      }
    },
    [reload],
  );

  return { me, jobs, loadError, reload, setShift, act, messageWakes };
}
