import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { LegalForm } from "@/components/operators/legal-form";
import Link from "@/components/ui/link";
import { currentDocument, documentHistory, translationOf } from "@/lib/server/legal/documents";
import { requireOperatorPage } from "@/lib/server/web/page";
import { formatDate } from "@/lib/shared/time/format-date";
import { isLegalKind, LEGAL_KINDS, legalPath } from "@/lib/shared/people/legal";
import { isLocale, LOCALES, LOCALE_NAMES } from "@/lib/i18n/locale";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("legal.title") };
}

/**
 * The legal documents (docs/architecture/legal.md): one tab per document, its version in effect
 * edited as Markdown; saving publishes the next version (the earlier ones are kept, each readable
 * at /legal/<kind>?version=N), and owners and couriers accept it on their next visit. Another
 * language's tab (?lang=es) edits the translation of the version in effect instead.
 */
export default async function OperatorLegalPage({ searchParams }: { searchParams: Promise<{ kind?: string; lang?: string }> }) {
  await requireOperatorPage();
  const { kind: raw, lang } = await searchParams;
  const kind = raw && isLegalKind(raw) ? raw : "terms";
  const language = isLocale(lang) ? lang : "en";
  const [current, history, t, { legal: words }, locale] = await Promise.all([
    currentDocument(kind),
    documentHistory(kind),
    getT("admin"),
    getWords("admin"),
    requestLocale(),
  ]);
  const translation = language === "en" ? null : await translationOf(kind, current.version, language);
  const languageName = new Intl.DisplayNames([locale], { type: "language" }).of(language) ?? language;
  const tab = (k: string, l: string) => `/admin/legal?kind=${k}${l === "en" ? "" : `&lang=${l}`}`;
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      <nav className={`${styles.tabs} ${styles.tabsScroll}`} aria-label={words.tabs}>
        {LEGAL_KINDS.map((k) => (
          <Link key={k} href={tab(k, language)} aria-current={k === kind ? "page" : undefined}>
            {words.names[k]}
          </Link>
        ))}
      </nav>
      <nav className={styles.tabs} aria-label={words.languages}>
        {LOCALES.map((l) => (
          <Link key={l} href={tab(kind, l)} aria-current={l === language ? "page" : undefined} lang={l}>
            {LOCALE_NAMES[l]}
          </Link>
        ))}
      </nav>
      <p className={styles.meta}>
        {t("legal.inEffect", { version: String(current.version), date: formatDate(current.publishedAt, undefined, locale) })}{" "}
        <Link href={legalPath(kind)}>{words.view}</Link>
      </p>
      {language !== "en" && (
        <p className={styles.intro}>{t(translation ? "legal.translating" : "legal.untranslated", { language: languageName, version: String(current.version) })}</p>
      )}
      <LegalForm
        key={`${kind}-${current.version}-${language}`}
        kind={kind}
        name={words.names[kind]}
        title={translation?.title ?? current.title}
        body={translation?.body ?? current.body}
        translation={language === "en" ? undefined : { language, name: languageName, version: current.version }}
        words={words.form}
      />
      <h2 className={styles.formTitle}>{words.versions}</h2>
      <ul>
        {history.map((entry) => (
          <li key={entry.version}>
            <Link href={`${legalPath(kind)}?version=${entry.version}`}>{t("legal.version", { version: String(entry.version) })}</Link> · {entry.title} ·{" "}
            {formatDate(entry.publishedAt, undefined, locale)}
          </li>
        ))}
      </ul>
    </>
  );
}
