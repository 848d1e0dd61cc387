import type { Metadata } from "next";
import { RestaurantNotFound } from "@/components/record-not-found";

export const metadata: Metadata = { title: "Restaurant not found" };

export default RestaurantNotFound;
