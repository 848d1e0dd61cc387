import type { ReactNode } from "react";
import { CheckoutShell } from "@/components/shell/checkout-shell";

// Checkout pages go in app/(checkout)/checkout: they get the minimal bar, not the store's top bar.
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return <CheckoutShell>{children}</CheckoutShell>;
}
