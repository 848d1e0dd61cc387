import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TrackingView } from "@/components/deliveries/tracking-view";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { unitWords } from "@/lib/shared/delivery/distance";
import { trackDelivery } from "@/lib/server/deliveries/read";
import { config } from "@/lib/server/platform/config";
import { ApiError } from "@/lib/server/platform/errors";

type TrackPageProps = { params: Promise<{ token: string }> };

// The public tracking page of a delivery a restaurant asked for from its own website or point of
// sale (docs/architecture/api-keys.md "Delivery only"): the link's token is the authority, no account.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("courier")).tracking.pageTitle, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** The delivery (an unknown token: the not-found page) and the render's time (times of another day name it). */
async function load(token: string) {
  const tracking = await trackDelivery(token).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  return { tracking, renderedAt: Date.now() };
}

export default async function TrackPage({ params }: TrackPageProps) {
  const { token } = await params;
  const { tracking, renderedAt } = await load(token);
  const [order, courier, locale, lines] = await Promise.all([getWords("order"), getWords("courier"), requestLocale(), getWords("lines")]);
  return (
    <TrackingView
      token={token}
      initial={tracking}
      tileUrl={config().mapTileUrl}
      renderedAt={renderedAt}
      lang={{
        words: order.tracking,
        locale,
        courier: { tracking: courier.tracking, map: courier.map, units: unitWords(courier, tracking.restaurant.distanceUnit) },
        status: lines.deliveryStatus,
      }}
    />
  );
}
