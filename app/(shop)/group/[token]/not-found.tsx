import type { Metadata } from "next";
import { GroupGone } from "@/components/group/group-gone";
import { getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("orderflow")).group.pageTitle };
}

// A wrong, expired, canceled or (for someone who did not take part) placed group link: 404, as the API answers it.
export default async function GroupNotFound() {
  return <GroupGone words={(await getWords("orderflow")).group.gone} />;
}
