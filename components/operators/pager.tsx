import Link from "@/components/ui/link";
import styles from "./operators.module.css";

/** Previous / next page links of an operator's list, keeping the other query parameters. */
export function Pager({
  path,
  params,
  offset,
  limit,
  nextOffset,
}: {
  path: string;
  params: Record<string, string | undefined>;
  offset: number;
  limit: number;
  nextOffset: number | null;
}) {
  const href = (to: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, offset: to ? String(to) : undefined }).filter((e): e is [string, string] => Boolean(e[1])));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  if (offset === 0 && nextOffset === null) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      {offset > 0 ? <Link href={href(Math.max(0, offset - limit))}>← Previous</Link> : <span />}
      {nextOffset !== null ? <Link href={href(nextOffset)}>Next →</Link> : <span />}
    </nav>
  );
}
