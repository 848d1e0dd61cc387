import type { Metadata } from "next";
import styles from "@/components/help/help.module.css";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { publicPageMetadata } from "@/lib/server/web/public-meta";
import { HELP_AUDIENCES, searchHelp, type HelpAudience } from "@/lib/shared/help-articles";

export const metadata: Metadata = publicPageMetadata({
  title: "Help centre",
  description: "Answers for customers, restaurant owners and couriers, and how to contact Nosh.",
  path: "/help",
});

/**
 * The help centre (docs/architecture/help.md): articles for customers, owners and couriers,
 * searched on the server by `?q=` (a plain GET form: it works before any script), and the way
 * to "Contact us".
 */
export default async function HelpPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const raw = (await searchParams).q;
  const q = typeof raw === "string" ? raw.slice(0, 200) : "";
  const found = searchHelp(q);
  const audiences = Object.keys(HELP_AUDIENCES) as HelpAudience[];
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title="Help centre" subtitle="Answers for customers, restaurant owners and couriers." />
        <form className={styles.search} action="/help" role="search">
          <label>
            Search help
            <input type="search" name="q" defaultValue={q} placeholder="Refund, cancel, payout…" maxLength={200} />
          </label>
          <button type="submit" className={buttonClass()}>
            Search
          </button>
        </form>
        {q && (
          <p className={styles.status} role="status">
            {found.length === 0 ? `No articles match "${q}".` : `${found.length} ${found.length === 1 ? "article matches" : "articles match"} "${q}".`}{" "}
            {q && <Link href="/help">Show all articles</Link>}
          </p>
        )}
        {audiences.map((audience) => {
          const articles = found.filter((article) => article.audience === audience);
          if (articles.length === 0) return null;
          return (
            <section key={audience} className={styles.group} aria-labelledby={`help-${audience}`}>
              <h2 id={`help-${audience}`} className={styles.groupTitle}>
                {HELP_AUDIENCES[audience]}
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
        <section className={styles.contact} aria-labelledby="help-contact">
          <h2 id="help-contact" className={styles.groupTitle}>
            Still need help?
          </h2>
          <p>Send us a message, about one of your orders if it is about one. We answer in your notifications and by email.</p>
          <Link href="/help/contact" className={buttonClass({ variant: "secondary" })}>
            Contact us
          </Link>
        </section>
      </div>
    </div>
  );
}
