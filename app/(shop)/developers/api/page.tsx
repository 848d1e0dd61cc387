import type { Metadata } from "next";
import { ApiReference } from "@/components/developers/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { getT } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("browse.api"))("title") };
}

// The readable form of /api/openapi.json, rendered on the server from the same document.
export default async function ApiReferencePage() {
  const t = await getT("browse.api");
  return (
    <div className="container">
      <PageHeader
        title={t("heading")}
        subtitle={
          <>
            {t("subtitle")}
            <a href="/api/openapi.json">{t("document")}</a>
            {t("subtitleEnd")}
          </>
        }
      />
      <ApiReference />
    </div>
  );
}
