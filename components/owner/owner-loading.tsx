import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";

/**
 * The owner pages' loading screen. The pages under restaurants/{id}/ would otherwise inherit
 * the public restaurant page's skeleton (a hero photo and a menu) while they load.
 */
export function OwnerLoading({ label }: { label: string }) {
  return (
    <div className="container">
      <LoadingStatus label={label} />
      <div style={{ display: "grid", gap: "var(--space-4)", paddingBlock: "var(--space-12)" }}>
        <Skeleton width="min(320px, 70%)" height="2.25rem" />
        <Skeleton width="min(240px, 50%)" />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height="120px" radius="16px" />
        ))}
      </div>
    </div>
  );
}
