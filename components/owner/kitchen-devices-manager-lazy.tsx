"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { KitchenDevicesManager } from "./kitchen-devices-manager";

// The kitchen tablets' section loads after the settings page's own code: the update route's
// first-load JavaScript stays within its ceiling (bench/first-load-js.mjs).
const Manager = lazy(() => import("./kitchen-devices-manager").then((m) => ({ default: m.KitchenDevicesManager })));

export function LazyKitchenDevicesManager(props: ComponentProps<typeof KitchenDevicesManager>) {
  return (
    <Suspense fallback={null}>
      <Manager {...props} />
    </Suspense>
  );
}
