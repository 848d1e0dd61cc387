import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/server/web/session";

// Sends anonymous visitors to /login before loading.tsx starts streaming, so they get a real
// redirect rather than a skeleton followed by a client-side jump.
export default async function MyReviewsLayout({ children }: { children: ReactNode }) {
  await requirePageUser();
  return children;
}
