"use client";
import { useEffect, useState } from "react";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";

/** GET /api/manage/{restaurantId}/couriers?orderId=: on shift with a fresh position, nearest first, with their state; the distance a band ("1-3 km"). */
export type NearbyCourier = { id: number; firstName: string; distance: string; activeJobs: number; state: "free" | "offered" | "busy" | "paused" };
export type NearbyCouriers = { couriers: NearbyCourier[] | null; error: string | null };

/** The couriers the owner may assign to the order, read when it is set (each opening reads afresh). */
export function useNearbyCouriers(restaurantId: number, orderId: number | null): NearbyCouriers {
  const [state, setState] = useState<NearbyCouriers>({ couriers: null, error: null });
  useEffect(() => {
    if (orderId === null) return;
    const controller = new AbortController();
    api<{ couriers: NearbyCourier[] }>(`/api/manage/${restaurantId}/couriers?orderId=${orderId}`, { signal: controller.signal })
      .then(({ couriers }) => setState({ couriers, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ couriers: null, error: error instanceof ApiClientError ? error.message : SERVER_FAILURE });
      });
    return () => {
      controller.abort();
      setState({ couriers: null, error: null });
    };
  }, [restaurantId, orderId]);
  return state;
}
