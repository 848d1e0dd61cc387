import type { Metadata } from "next";
import { RecordNotFound } from "@/components/record-not-found";

export const metadata: Metadata = { title: "Restaurant not found" };

// An unknown id on the restaurant's pages, its owner pages included (a stranger's restaurant is not found, as the API answers it).
export default function RestaurantNotFound() {
  return (
    <RecordNotFound icon="store" title="Restaurant not found">
      This restaurant is not on Nosh, or its link is mistyped. There are plenty of others to order from.
    </RecordNotFound>
  );
}
