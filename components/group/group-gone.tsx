import { EmptyState } from "@/components/ui/empty-state";
import type { Words } from "@/lib/i18n/words";

/** A group link that stopped working (canceled, expired, placed without you) or never did: the 404 page says the same. Its words: the catalogue's orderflow.group.gone. */
export function GroupGone({ words: w }: { words: Words<"orderflow">["group"]["gone"] }) {
  return (
    <div className="container">
      <EmptyState icon="userPlus" title={w.title} link={{ href: "/home", text: w.browse }}>
        {w.text}
      </EmptyState>
    </div>
  );
}
