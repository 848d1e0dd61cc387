"use client";
import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { useSession } from "@/components/providers/session-provider";

/** Only full accounts can add a restaurant: anonymous visitors log in first, guests sign up. `children`: its words, from the server. */
export function AddRestaurantLink({ className, children }: { className?: string; children: ReactNode }) {
  const { user } = useSession();
  const href = !user ? "/login" : user.guestAccount ? "/signup" : "/restaurants/new";
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
