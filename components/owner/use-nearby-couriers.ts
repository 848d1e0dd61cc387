"use client";
import { useEffect, useState } from "react";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";

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
        setState({ couriers: null, error: parseApiError(error).message });
      });
    return () => {
      controller.abort();
      setState({ couriers: null, error: null });
    };
  }, [restaurantId, orderId]);
  return state;
}
