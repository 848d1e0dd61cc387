"use client";
import { lazy, Suspense } from "react";
import { useSession } from "@/components/providers/session-provider";
import type { ComponentProps } from "react";

// /home is at its first-load JavaScript budget (bench/first-load-js.mjs): the "Order again" row's
// code loads only for a signed-in visitor, after the page's.
const OrderAgainRow = lazy(() => import("./order-again-row").then((m) => ({ default: m.OrderAgainRow })));

export function LazyOrderAgainRow({ words }: { words: ComponentProps<typeof OrderAgainRow>["words"] }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <OrderAgainRow words={words} />
    </Suspense>
  );
}
