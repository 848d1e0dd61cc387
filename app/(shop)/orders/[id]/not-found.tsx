import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { RecordNotFound } from "@/components/record-not-found";

export const metadata: Metadata = { title: "Order not found" };

// An unknown id, or another customer's order (404 as the API answers it: nothing says it exists).
export default function OrderNotFound() {
  return (
    <RecordNotFound icon="receipt" title="Order not found" more={<Link href="/orders">See your orders</Link>}>
      There is no order with this number in your account.
    </RecordNotFound>
  );
}
