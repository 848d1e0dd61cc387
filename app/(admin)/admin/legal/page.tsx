import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { LegalForm } from "@/components/operators/legal-form";
import Link from "@/components/ui/link";
import { currentDocument, documentHistory } from "@/lib/server/legal/documents";
import { requireOperatorPage } from "@/lib/server/web/page";
import { formatDate } from "@/lib/shared/format-date";
import { isLegalKind, LEGAL_KINDS, LEGAL_NAMES, legalPath } from "@/lib/shared/legal";

export const metadata: Metadata = { title: "Legal documents" };

/**
 * The legal documents (docs/architecture/legal.md): one tab per document, its version in effect
 * edited as Markdown; saving publishes the next version (the earlier ones are kept, each readable
 * at /legal/<kind>?version=N), and owners and couriers accept it on their next visit.
 */
export default async function OperatorLegalPage({ searchParams }: { searchParams: Promise<{ kind?: string }> }) {
  await requireOperatorPage();
  const raw = (await searchParams).kind;
  const kind = raw && isLegalKind(raw) ? raw : "terms";
  const [current, history] = await Promise.all([currentDocument(kind), documentHistory(kind)]);
  return (
    <>
      <h1>Legal documents</h1>
      <p className={styles.intro}>
        Each document is a page linked from every footer. Saving publishes a new version: the earlier ones are kept, and restaurant owners and couriers are asked to
        accept a new version of the terms, the privacy policy or their agreement the next time they open their pages.
      </p>
      <nav className={styles.tabs} aria-label="Documents">
        {LEGAL_KINDS.map((k) => (
          <Link key={k} href={`/admin/legal?kind=${k}`} aria-current={k === kind ? "page" : undefined}>
            {LEGAL_NAMES[k]}
          </Link>
        ))}
      </nav>
      <p className={styles.meta}>
        In effect: version {current.version}, from {formatDate(current.publishedAt)}. <Link href={legalPath(kind)}>View the page</Link>
      </p>
      <LegalForm key={`${kind}-${current.version}`} kind={kind} name={LEGAL_NAMES[kind]} title={current.title} body={current.body} />
      <h2 className={styles.formTitle}>Versions</h2>
      <ul>
        {history.map((entry) => (
          <li key={entry.version}>
            <Link href={`${legalPath(kind)}?version=${entry.version}`}>Version {entry.version}</Link> · {entry.title} · {formatDate(entry.publishedAt)}
          </li>
        ))}
      </ul>
    </>
  );
}
