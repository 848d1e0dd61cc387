import type { Metadata } from "next";
import { GroupGone } from "@/components/group/group-gone";

export const metadata: Metadata = { title: "Group order" };

// A wrong, expired, canceled or (for someone who did not take part) placed group link: 404, as the API answers it.
export default function GroupNotFound() {
  return <GroupGone />;
}
