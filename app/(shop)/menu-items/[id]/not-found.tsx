import type { Metadata } from "next";
import { DishNotFound } from "@/components/record-not-found";

export const metadata: Metadata = { title: "Dish not found" };

export default DishNotFound;
