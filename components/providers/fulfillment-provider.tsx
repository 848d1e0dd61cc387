"use client";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { FulfillmentMode } from "@/lib/shared/constants";
import { FULFILLMENT_COOKIE } from "@/lib/shared/web/storage-keys";

// The top bar's Delivery/Pickup mode (docs/architecture/pickup.md). It is remembered per
// browser in a cookie the root layout reads, so a server render already shows the chosen mode
// (no flash); every page is rendered per request already (the layout reads the session).

const YEAR_SECONDS = 365 * 24 * 60 * 60;

type FulfillmentContextValue = { mode: FulfillmentMode; setMode: (mode: FulfillmentMode) => void };

const FulfillmentContext = createContext<FulfillmentContextValue>({ mode: "delivery", setMode: () => {} });

export function FulfillmentProvider({ initialMode, children }: { initialMode: FulfillmentMode; children: ReactNode }) {
  const [mode, setModeState] = useState<FulfillmentMode>(initialMode);
  const setMode = useCallback((next: FulfillmentMode) => {
    setModeState(next);
    document.cookie = `${FULFILLMENT_COOKIE}=${next}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  }, []);
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return <FulfillmentContext.Provider value={value}>{children}</FulfillmentContext.Provider>;
}

export const useFulfillment = () => useContext(FulfillmentContext);
