import Link from "@/components/ui/link";
import type { Words } from "@/lib/i18n/words";
import styles from "./operators.module.css";

/** Previous / next page links of an operator's list, keeping the other query parameters. */
export function Pager({
  path,
  params,
  offset,
  limit,
  nextOffset,
  words,
}: {
  path: string;
  params: Record<string, string | undefined>;
  offset: number;
  limit: number;
  nextOffset: number | null;
  /** The catalogue's admin.shell (its pages, previous, next). */
  words: Pick<Words<"admin">["shell"], "pages" | "previous" | "next">;
}) {
  const href = (to: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, offset: to ? String(to) : undefined }).filter((e): e is [string, string] => Boolean(e[1])));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  if (offset === 0 && nextOffset === null) return null;
  return (
    <nav className={styles.pager} aria-label={words.pages}>
      {offset > 0 ? <Link href={href(Math.max(0, offset - limit))}>{words.previous}</Link> : <span />}
      {nextOffset !== null ? <Link href={href(nextOffset)}>{words.next}</Link> : <span />}
    </nav>
  );
}
