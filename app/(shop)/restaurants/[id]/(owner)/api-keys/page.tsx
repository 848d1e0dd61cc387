import type { Metadata } from "next";
import { ApiKeysManager } from "@/components/owner/api-keys-manager";
import { DeliveryPaymentNote } from "@/components/owner/delivery-payment-note";
import { BackLink } from "@/components/owner/back-link";
import { RoleRefused } from "@/components/team/role-refused";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { parseOpeningHours } from "@/lib/shared/time/opening-hours";
import { listApiKeys } from "@/lib/server/api-keys/keys";
import { deliveryPaymentNote } from "@/lib/server/deliveries/payment-note";
import { teamPageFor } from "@/lib/server/web/page-data";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("apiKeys.title") };
}

// A restaurant's API keys (docs/architecture/api-keys.md), for its owner and managers: create
// with a name and scopes (the key shown once), list, revoke. Times in the restaurant's zone. Below,
// how the deliveries a key asks for are paid (the `deliveries` scope: deliveries/payment-note.ts).
export default async function ApiKeysPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const [keys, note, t, words, locale] = await Promise.all([
    listApiKeys(user, restaurant.id),
    deliveryPaymentNote(user, restaurant.id),
    getT("menus"),
    getWords("menus"),
    requestLocale(),
  ]);
  const { timeZone } = parseOpeningHours(restaurant);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{t("common.yourRestaurants")}</BackLink>
      <PageHeader
        title={t("apiKeys.title")}
        subtitle={
          <>
            {t("apiKeys.subtitle", { name: restaurant.name })}
            <Link href="/developers/api#conventions">{t("apiKeys.reference")}</Link>.
          </>
        }
      />
      <ApiKeysManager restaurantId={restaurant.id} timeZone={timeZone} initial={keys} words={words.apiKeys} locale={locale} />
      <DeliveryPaymentNote note={note} words={words.apiKeys.deliveryPay} locale={locale} />
    </div>
  );
}
