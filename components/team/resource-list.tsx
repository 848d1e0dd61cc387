import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import type { IconName } from "@/components/ui/icons";
import styles from "./team.module.css";

type Props<T> = {
  /** The rows' data; `null` while it loads, when `waiting` says so (or why it failed). */
  items: readonly T[] | null;
  waiting?: string;
  /** Said when there are no rows. */
  empty: { icon: IconName; title: string; text: string };
  /** One row (a keyed `ResourceRow`). */
  row: (item: T) => ReactNode;
};

/** A resource screen's list (resource-manager.tsx): its rows, "loading" until they come, or its empty state. */
export function ResourceList<T>({ items, waiting, empty, row }: Props<T>) {
  if (items === null) return <p className={styles.meta}>{waiting}</p>;
  if (items.length === 0)
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.text}
      </EmptyState>
    );
  return <ul className={styles.list}>{items.map(row)}</ul>;
}
