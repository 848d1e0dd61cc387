import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { getCurrentUser } from "@/lib/server/session";

export const metadata: Metadata = { title: "Favorites" };

// Anonymous visitors are asked to log in here rather than redirected (spec section 6).
export default async function FavoritesPage() {
  const user = await getCurrentUser();
  return (
    <div className="container">
      <PageHeader title="Favorites" />
      {user ? (
        <EmptyState icon="heart" title="No favorite items yet!">
          Tap the heart on a dish to save it here.
        </EmptyState>
      ) : (
        <EmptyState
          icon="heart"
          title="Log in to see your favorites"
          action={
            <Link href="/login" className={buttonClass()}>
              Log in
            </Link>
          }
        >
          Save the dishes you love and find them again in one tap.
        </EmptyState>
      )}
    </div>
  );
}
