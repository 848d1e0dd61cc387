"use client";
import Link from "@/components/ui/link";
import { useSession } from "@/components/providers/session-provider";

/** Only full accounts can add a restaurant: anonymous visitors log in first, guests sign up. */
export function AddRestaurantLink({ className }: { className?: string }) {
  const { user } = useSession();
  const href = !user ? "/login" : user.guestAccount ? "/signup" : "/restaurants/new";
  return (
    <Link href={href} className={className}>
      Add your restaurant
    </Link>
  );
}
