import type { Metadata } from "next";
import { PhotoCreditList } from "@/components/credits/photo-credit-list";
import { PhotoSources } from "@/components/credits/photo-sources";
import styles from "@/components/credits/credits.module.css";
import { getT } from "@/lib/i18n/translate";
import { PageHeader } from "@/components/ui/page-header";
import { PHOTO_CREDITS_FILE, PHOTO_MODIFICATION_NOTE } from "@/lib/shared/demo/photo-credits";

/** The credits file's name, the same in every language. */
const FILE_NAME = "LICENSE-AND-CREDITS.md";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("credits.meta") };
}

export default async function CreditsPage() {
  const t = await getT("profile");
  return (
    <div className="container">
      <PageHeader title={t("credits.title")} />
      <p className={styles.intro}>
        {t("credits.introBefore")} {PHOTO_MODIFICATION_NOTE} {t("credits.introAfter")} <a href={PHOTO_CREDITS_FILE}>{FILE_NAME}</a>.
      </p>
      <PhotoSources />
      <PhotoCreditList />
    </div>
  );
}
