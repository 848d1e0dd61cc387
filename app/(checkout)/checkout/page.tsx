import type { Metadata } from "next";
import { CheckoutScreen } from "@/components/checkout/checkout-screen";
import { requirePageUser } from "@/lib/server/session";

export const metadata: Metadata = { title: "Checkout" };

// The order at checkout is in the browser's localStorage, so the screen is a
// client component; the server only makes sure someone is signed in.
export default async function CheckoutPage() {
  await requirePageUser();
  return <CheckoutScreen />;
}
