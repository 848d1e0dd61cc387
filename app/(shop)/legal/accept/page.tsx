import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AcceptAgreements } from "@/components/legal/accept-agreements";
import { getWords } from "@/lib/i18n/translate";
import styles from "@/components/legal/legal.module.css";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { acceptancesOf, translationOf } from "@/lib/server/legal/documents";
import { requireAccountPage } from "@/lib/server/web/page";
import { legalPath } from "@/lib/shared/people/legal";
import { getT, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("browse.legal"))("acceptTitle"), robots: { index: false } };
}

/** Where the page sends the person back: a path on this site only (never another origin). */
const sameSite = (next: string | string[] | undefined) => (typeof next === "string" && /^\/(?![/\\])/.test(next) ? next : "/home");

/**
 * The accept page (docs/architecture/legal.md): an owner or a courier whose agreement (or the
 * terms, or the privacy policy) has a newer version than the one they accepted reads and accepts
 * it here before their pages open. Nothing to accept: straight back to where they were going.
 */
export default async function AcceptPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const user = await requireAccountPage();
  const next = sameSite((await searchParams).next);
  const [{ pending }, t, locale] = await Promise.all([acceptancesOf(user), getT("browse.legal"), requestLocale()]);
  if (pending.length === 0) redirect(next);
  const titles = await Promise.all(pending.map(async (d) => (await translationOf(d.kind, d.version, locale))?.title ?? d.title));
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title={t("acceptHeading")} subtitle={t("acceptSubtitle")} />
        <ul className={styles.acceptList}>
          {pending.map((document, i) => (
            <li key={document.kind}>
              <Link href={legalPath(document.kind)}>{titles[i]}</Link>
              {t("acceptVersion", { version: document.version })}
            </li>
          ))}
        </ul>
        <AcceptAgreements documents={pending.map(({ kind, version }) => ({ kind, version }))} next={next} words={(await getWords("profile")).agree} />
      </div>
    </div>
  );
}
