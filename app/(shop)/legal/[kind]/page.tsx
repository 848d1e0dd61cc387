import type { Metadata } from "next";
import { notFound } from "next/navigation";
import styles from "@/components/legal/legal.module.css";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { currentDocument, documentHistory, documentVersion } from "@/lib/server/legal/documents";
import { renderMarkdown } from "@/lib/server/legal/markdown";
import { pageId } from "@/lib/server/web/page";
import { publicPageMetadata } from "@/lib/server/web/public-meta";
import { formatDate } from "@/lib/shared/format-date";
import { isLegalKind, LEGAL_NAMES, legalPath, type LegalKind } from "@/lib/shared/legal";

type LegalProps = { params: Promise<{ kind: string }>; searchParams: Promise<{ version?: string | string[] }> };

async function load({ params, searchParams }: LegalProps) {
  const { kind } = await params;
  if (!isLegalKind(kind)) notFound();
  const { version } = await searchParams;
  const current = await currentDocument(kind);
  const shown = version === undefined ? current : await documentVersion(kind, pageId(version));
  if (!shown) notFound();
  return { kind, current, shown };
}

export async function generateMetadata(props: LegalProps): Promise<Metadata> {
  const { kind, shown } = await load(props);
  return publicPageMetadata({ title: shown.title, description: `Nosh's ${LEGAL_NAMES[kind]}, version ${shown.version}.`, path: legalPath(kind) });
}

/**
 * A legal document (docs/architecture/legal.md): the version in effect, or an earlier one
 * (?version=N), with its number and date, its Markdown rendered safely on the server, and every
 * version listed. The footer links each of them.
 */
export default async function LegalPage(props: LegalProps) {
  const { kind, current, shown } = await load(props);
  const history = await documentHistory(kind);
  const old = shown.version !== current.version;
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title={shown.title} subtitle={`Version ${shown.version} · In effect from ${formatDate(shown.publishedAt)}`} />
        {old && (
          <p className={styles.notice} role="note">
            This is an earlier version. <Link href={legalPath(kind)}>Read the version in effect (version {current.version})</Link>.
          </p>
        )}
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: renderMarkdown(shown.body) }} />
        {history.length > 1 && <Versions kind={kind} history={history} shown={shown.version} />}
      </div>
    </div>
  );
}

function Versions({ kind, history, shown }: { kind: LegalKind; history: { version: number; publishedAt: Date }[]; shown: number }) {
  return (
    <section aria-labelledby="legal-versions">
      <h2 id="legal-versions" className={styles.versionsTitle}>
        All versions
      </h2>
      <ul className={styles.versions}>
        {history.map((entry, i) => (
          <li key={entry.version}>
            {entry.version === shown ? (
              <span aria-current="page">Version {entry.version}</span>
            ) : (
              <Link href={i === 0 ? legalPath(kind) : `${legalPath(kind)}?version=${entry.version}`}>Version {entry.version}</Link>
            )}{" "}
            · {formatDate(entry.publishedAt)}
            {i === 0 ? " (in effect)" : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
