import type { Metadata } from "next";
import { notFound } from "next/navigation";
import styles from "@/components/legal/legal.module.css";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { TitledSection } from "@/components/ui/titled-section";
import { currentDocument, documentHistory, documentVersion, inLanguage } from "@/lib/server/legal/documents";
import { renderMarkdown } from "@/lib/server/legal/markdown";
import { pageId } from "@/lib/server/web/page";
import { publicPageMetadata } from "@/lib/server/web/public-meta";
import { formatDate } from "@/lib/shared/time/format-date";
import { isLegalKind, legalPath, type LegalKind } from "@/lib/shared/people/legal";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

type LegalProps = { params: Promise<{ kind: string }>; searchParams: Promise<{ version?: string | string[] }> };

async function load({ params, searchParams }: LegalProps) {
  const { kind } = await params;
  if (!isLegalKind(kind)) notFound();
  const [{ version }, locale] = await Promise.all([searchParams, requestLocale()]);
  const current = await currentDocument(kind);
  const found = version === undefined ? current : await documentVersion(kind, pageId(version));
  if (!found) notFound();
  return { kind, current, shown: await inLanguage(found, locale), locale };
}

export async function generateMetadata(props: LegalProps): Promise<Metadata> {
  const [{ kind, shown }, t] = await Promise.all([load(props), getT("browse.legal")]);
  return publicPageMetadata({ title: shown.title, description: t("description", { name: t(`names.${kind}`), version: shown.version }), path: legalPath(kind) });
}

/**
 * A legal document (docs/architecture/legal.md): the version in effect, or an earlier one
 * (?version=N), with its number and date, its Markdown rendered safely on the server, and every
 * version listed. The footer links each of them.
 */
export default async function LegalPage(props: LegalProps) {
  const { kind, current, shown, locale } = await load(props);
  const [history, { legal: words }] = await Promise.all([documentHistory(kind), getWords("browse")]);
  const old = shown.version !== current.version;
  // Not yet in the reader's language: the English text, marked as English for screen readers.
  const english = shown.language !== locale;
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title={shown.title} subtitle={fill(words.subtitle, { version: shown.version, date: formatDate(shown.publishedAt, undefined, locale) })} />
        {old && (
          <p className={styles.notice} role="note">
            {words.earlier}
            <Link href={legalPath(kind)}>{fill(words.current, { version: current.version })}</Link>
            {words.earlierEnd}
          </p>
        )}
        {english && (
          <p className={styles.notice} role="note">
            {words.untranslated}
          </p>
        )}
        <div className={styles.prose} lang={english ? "en" : undefined} dangerouslySetInnerHTML={{ __html: renderMarkdown(shown.body) }} />
        {history.length > 1 && <Versions kind={kind} history={history} shown={shown.version} words={words} locale={locale} />}
      </div>
    </div>
  );
}

function Versions({
  kind,
  history,
  shown,
  words,
  locale,
}: {
  kind: LegalKind;
  history: { version: number; publishedAt: Date }[];
  shown: number;
  words: Words<"browse">["legal"];
  locale: Locale;
}) {
  return (
    <TitledSection id="legal-versions" title={words.versions} titleClassName={styles.versionsTitle}>
      <ul className={styles.versions}>
        {history.map((entry, i) => (
          <li key={entry.version}>
            {entry.version === shown ? (
              <span aria-current="page">{fill(words.version, { version: entry.version })}</span>
            ) : (
              <Link href={i === 0 ? legalPath(kind) : `${legalPath(kind)}?version=${entry.version}`}>{fill(words.version, { version: entry.version })}</Link>
            )}{" "}
            · {formatDate(entry.publishedAt, undefined, locale)}
            {i === 0 ? words.inEffect : ""}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
