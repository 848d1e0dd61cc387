import type { Metadata } from "next";
import { PhotoCreditList } from "@/components/credits/photo-credit-list";
import { PhotoSources } from "@/components/credits/photo-sources";
import styles from "@/components/credits/credits.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { PHOTO_CREDITS_FILE, PHOTO_MODIFICATION_NOTE } from "@/lib/shared/photo-credits";

export const metadata: Metadata = { title: "Photo credits" };

export default function CreditsPage() {
  return (
    <div className="container">
      <PageHeader title="Photo credits" />
      <p className={styles.intro}>
        The food photos on Nosh are demo pictures from public sources. {PHOTO_MODIFICATION_NOTE} The full licence notes are in{" "}
        <a href={PHOTO_CREDITS_FILE}>LICENSE-AND-CREDITS.md</a>.
      </p>
      <PhotoSources />
      <PhotoCreditList />
    </div>
  );
}
