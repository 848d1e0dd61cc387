import type { Metadata } from "next";
import { CourierDocuments } from "@/components/courier/courier-documents";
import styles from "@/components/courier/courier.module.css";
import Link from "@/components/ui/link";
import { onboardingOf } from "@/lib/server/onboarding/documents";
import { requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Your courier documents" };

// The courier's documents and background check (docs/architecture/courier-onboarding.md), for an
// applicant as for a courier: what keeps them off shift, each document's review and expiry, the upload.
export default async function CourierDocumentsPage() {
  const user = await requirePageUser();
  const onboarding = user.guestAccount ? null : await onboardingOf(user.id);
  if (!onboarding) {
    return (
      <div className={styles.refusal}>
        <h1>Your courier documents</h1>
        <p>
          Apply to deliver first: your vehicle and documents go with your application. <Link href="/courier">Apply to deliver</Link>
        </p>
      </div>
    );
  }
  return <CourierDocuments initial={onboarding} courier={user.courier} />;
}
