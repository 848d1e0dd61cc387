import { OwnerLoading } from "@/components/owner/owner-loading";

export default function Loading() {
  return <OwnerLoading label="Loading…" />;
}
