import type { ReactNode } from "react";
import { CourierShell } from "@/components/courier/courier-shell";

// The courier app (app/(courier)/courier) is for a phone in one hand: a slim bar, not the store's top bar.
export default function CourierLayout({ children }: { children: ReactNode }) {
  return <CourierShell>{children}</CourierShell>;
}
