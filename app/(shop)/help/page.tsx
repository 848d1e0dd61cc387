import type { Metadata } from "next";
import styles from "@/components/help/help.module.css";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { publicPageMetadata } from "@/lib/server/web/public-meta";
import { HELP_ARTICLES, HELP_AUDIENCES, searchHelp, type HelpAudience } from "@/lib/shared/people/help-articles";
import { getT, getWords } from "@/lib/i18n/translate";
import { TitledSection } from "@/components/ui/titled-section";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("browse.help");
  return publicPageMetadata({ title: t("title"), description: t("description"), path: "/help" });
}

/**
 * The help centre (docs/architecture/help.md): articles for customers, owners and couriers,
 * searched on the server by `?q=` (a plain GET form: it works before any script), and the way
 * to "Contact us".
 */
export default async function HelpPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const raw = (await searchParams).q;
  const q = typeof raw === "string" ? raw.slice(0, 200) : "";
  const [t, { help: words }] = await Promise.all([getT("browse.help"), getWords("browse")]);
  // The articles in the reader's language (English's are the constants, word for word), searched in it.
  const articles = HELP_ARTICLES.map((article) => {
    const own = words.articles[article.slug as keyof typeof words.articles];
    return own ? { ...article, title: own.title, body: Object.values(own.body) } : article;
  });
  const found = searchHelp(q, articles);
  const audiences = Object.keys(HELP_AUDIENCES) as HelpAudience[];
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title={words.title} subtitle={words.subtitle} />
        <form className={styles.search} action="/help" role="search">
          <label>
            {words.search}
            <input type="search" name="q" defaultValue={q} placeholder={words.placeholder} maxLength={200} />
          </label>
          <button type="submit" className={buttonClass()}>
            {words.submit}
          </button>
        </form>
        {q && (
          <p className={styles.status} role="status">
            {found.length === 0 ? t("none", { q }) : found.length === 1 ? t("one", { q }) : t("many", { count: found.length, q })}{" "}
            {q && <Link href="/help">{words.showAll}</Link>}
          </p>
        )}
        {audiences.map((audience) => {
          const articles = found.filter((article) => article.audience === audience);
          if (articles.length === 0) return null;
          return (
            <section key={audience} className={styles.group} aria-labelledby={`help-${audience}`}>
              <h2 id={`help-${audience}`} className={styles.groupTitle}>
                {words.audiences[audience]}
              </h2>
              {articles.map((article) => (
                <article key={article.slug} id={article.slug} className={styles.article} aria-labelledby={`${article.slug}-title`}>
                  <h3 id={`${article.slug}-title`}>{article.title}</h3>
                  {article.body.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </article>
              ))}
            </section>
          );
        })}
        <TitledSection id="help-contact" title={words.still} className={styles.contact} titleClassName={styles.groupTitle}>
          <p>{words.stillText}</p>
          <Link href="/help/contact" className={buttonClass({ variant: "secondary" })}>
            {words.contact}
          </Link>
        </TitledSection>
      </div>
    </div>
  );
}
