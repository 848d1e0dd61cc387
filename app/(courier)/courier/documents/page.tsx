import type { Metadata } from "next";
import { CourierDocuments } from "@/components/courier/courier-documents";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { onboardingOf } from "@/lib/server/onboarding/documents";
import { requirePageUser } from "@/lib/server/web/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("courier"))("pages.documents") };
}

// The courier's documents and background check (docs/architecture/courier-onboarding.md), for an
// applicant as for a courier: what keeps them off shift, each document's review and expiry, the upload.
export default async function CourierDocumentsPage() {
  const user = await requirePageUser();
  const locale = await requestLocale();
  const onboarding = user.guestAccount ? null : await onboardingOf(user.id, new Date(), locale);
  const words = await getWords("courier");
  if (!onboarding) {
    return (
      <div className={styles.refusal}>
        <h1>{words.pages.documents}</h1>
        <p>
          {words.pages.applyFirst} <Link href="/courier">{words.pages.apply}</Link>
        </p>
      </div>
    );
  }
  return <CourierDocuments initial={onboarding} courier={user.courier} words={words.documents} vehicles={words.vehicles} locale={locale} />;
}
