import { OwnerLoading } from "@/components/owner/owner-loading";
import { getT } from "@/lib/i18n/translate";

export default async function Loading() {
  return <OwnerLoading label={(await getT("menus"))("common.loading")} />;
}
