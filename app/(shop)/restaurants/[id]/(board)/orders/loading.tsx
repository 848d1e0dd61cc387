import { OwnerLoading } from "@/components/owner/owner-loading";
import { getT } from "@/lib/i18n/translate";

export default async function Loading() {
  const t = await getT("kitchen");
  return <OwnerLoading label={t("loading")} />;
}
