import type { Metadata } from "next";
import { CourierApp } from "@/components/courier/courier-app";
import { CourierApply } from "@/components/courier/courier-apply";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { unitWords } from "@/lib/shared/delivery/distance";
import { config } from "@/lib/server/platform/config";
import { requirePageUser } from "@/lib/server/web/session";
import { requireCurrentAgreements } from "@/lib/server/web/page";
import { flagWordsIn } from "@/lib/server/web/stored-texts";
import { formRules } from "@/lib/server/web/form-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("courier"))("pages.courier") };
}

// The courier app (docs/architecture/couriers.md). Anonymous visitors sign in first; anyone who
// is not a courier is told so and shown nothing of it.
export default async function CourierPage() {
  const user = await requirePageUser();
  const words = await getWords("courier");
  const w = words.pages;
  if (!user.courier) {
    // A courier account comes to exist by applying here; an operator approves it at /admin/couriers
    // (docs/architecture/operator.md "Couriers").
    return (
      <div className={styles.refusal}>
        <h1>{w.forCouriers}</h1>
        <p>
          {w.notCourier} <Link href="/home">{w.backToRestaurants}</Link>
        </p>
        {!user.guestAccount && <CourierApply status={user.courierStatus} words={words.apply} vehicles={words.vehicles} />}
        {user.courierStatus === "suspended" && (
          <p>
            <Link href="/courier/record">{w.seeRecord}</Link>
          </p>
        )}
      </div>
    );
  }
  await requireCurrentAgreements(user, "/courier");
  const [locale, order, kitchen, lines] = await Promise.all([requestLocale(), getWords("order"), getWords("kitchen"), getWords("lines")]);
  const { app, offer, job, forms, earnings, rating, links, map } = words;
  // A held or refused delivery's flags in the courier's words (GET /api/courier/earnings: `reason` in English, `flags` by key).
  const appWords = {
    app,
    offer,
    job,
    forms,
    earnings: { ...earnings, inCurrency: words.earningsCurrency, flags: flagWordsIn(locale) },
    rating,
    links,
    units: unitWords(words),
    map,
  };
  return (
    <CourierApp
      tileUrl={config().mapTileUrl}
      words={appWords}
      thread={{ words: order.thread, locale, closed: lines.messages }}
      payoutWords={{ ...kitchen.payouts, rules: await formRules("payout") }}
    />
  );
}
