import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/server/web/session";

// Sends anonymous visitors to /login before loading.tsx starts streaming, so they get a real
// redirect (307) rather than a 200 skeleton followed by a client-side jump.
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  await requirePageUser();
  return children;
}
