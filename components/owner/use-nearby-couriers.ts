"use client";
import { useEffect, useState } from "react";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";

/** GET /api/manage/{restaurantId}/couriers: on shift, fresh position, under their limit, nearest first. */
export type NearbyCourier = { id: number; firstName: string; distanceKm: number; activeJobs: number };
export type NearbyCouriers = { couriers: NearbyCourier[] | null; error: string | null };

/** The couriers the owner may assign, read when `open` turns true (each opening reads afresh). */
export function useNearbyCouriers(restaurantId: number, open: boolean): NearbyCouriers {
  const [state, setState] = useState<NearbyCouriers>({ couriers: null, error: null });
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    api<{ couriers: NearbyCourier[] }>(`/api/manage/${restaurantId}/couriers`, { signal: controller.signal })
      .then(({ couriers }) => setState({ couriers, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ couriers: null, error: error instanceof ApiClientError ? error.message : SERVER_FAILURE });
      });
    return () => {
      controller.abort();
      setState({ couriers: null, error: null });
    };
  }, [restaurantId, open]);
  return state;
}
