"use client";
import Link from "@/components/ui/link";
import { useSyncExternalStore, type ReactNode } from "react";
import { readCurrentOrder } from "@/components/checkout/current-order";

const noSubscription = () => () => undefined;

/** The restaurant of the order at checkout (localStorage), else the store's home. */
function storeHref(): string {
  const restaurantId = readCurrentOrder()?.restaurantId;
  return restaurantId ? `/restaurants/${restaurantId}` : "/home";
}

/**
 * Checkout's "Back to store": back to the restaurant the order is from. The server renders
 * /home (it cannot see localStorage); the browser reads the stored order once hydrated.
 */
export function BackToStoreLink({ className, children }: { className: string; children: ReactNode }) {
  const href = useSyncExternalStore(noSubscription, storeHref, () => "/home");
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
