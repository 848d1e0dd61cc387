import Link from "@/components/ui/link";
import styles from "./operators.module.css";

/**
 * A console page's two views as tabs (open and answered, flagged and failed…): the first at
 * `path`, the second at `path?query`, `second` when the second is the one shown; `names` theirs.
 */
export function ViewTabs({ label, path, query, second, names }: { label: string; path: string; query: string; second: boolean; names: [string, string] }) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      <Link href={path} aria-current={second ? undefined : "page"}>
        {names[0]}
      </Link>
      <Link href={`${path}?${query}`} aria-current={second ? "page" : undefined}>
        {names[1]}
      </Link>
    </nav>
  );
}
