import type { Metadata } from "next";
import { RecordNotFound } from "@/components/record-not-found";

export const metadata: Metadata = { title: "Dish not found" };

// An unknown id on the dish's page and its owner pages (a stranger's dish is not found, as the API answers it).
export default function DishNotFound() {
  return (
    <RecordNotFound icon="utensils" title="Dish not found">
      This dish is no longer on the menu, or its link is mistyped.
    </RecordNotFound>
  );
}
