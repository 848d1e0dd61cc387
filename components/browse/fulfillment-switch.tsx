"use client";
import type { ReactNode } from "react";
import { useFulfillment } from "@/components/providers/fulfillment-provider";

/** Shows `delivery` or `pickup` after the top bar's mode (both rendered by the server, so no rule loads in the browser). */
export function FulfillmentSwitch({ delivery, pickup }: { delivery: ReactNode; pickup: ReactNode }) {
  return useFulfillment().mode === "pickup" ? pickup : delivery;
}
