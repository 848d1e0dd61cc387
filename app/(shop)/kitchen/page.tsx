import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { PairTablet } from "@/components/owner/pair-tablet";
import styles from "@/components/gift-cards/gift-cards.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { admitKitchenDevice, deviceTokenOf } from "@/lib/server/kitchen-devices/caller";
import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("pairPage.title"), robots: { index: false } };
}

// A kitchen tablet's start (docs/architecture/kitchen.md "A board that lives on a tablet"): paired,
// it goes straight to its restaurant's board; else it types the code its restaurant's settings page
// shows. Nobody needs to be signed in here, and a session changes nothing.
export default async function KitchenPairPage() {
  const token = deviceTokenOf(await cookies());
  const paired = token ? await admitKitchenDevice(token) : null;
  if (paired) redirect(`/restaurants/${paired.kitchenDevice.restaurantId}/orders`);
  const w = (await getWords("kitchen")).pairPage;
  return (
    <div className="container">
      <PageHeader title={w.title} subtitle={w.intro} />
      <section className={styles.panel} aria-label={w.title}>
        <PairTablet words={w} />
      </section>
    </div>
  );
}
