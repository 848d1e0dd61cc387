import { photoSources } from "@/lib/shared/demo/photo-credits";
import { getT } from "@/lib/i18n/translate";
import styles from "./credits.module.css";

/** Where the photos come from and what each licence asks of us. */
export async function PhotoSources() {
  const t = await getT("profile");
  return (
    <section aria-labelledby="sources-title" className={styles.section}>
      <h2 id="sources-title" className={styles.sectionTitle}>
        {t("credits.sources")}
      </h2>
      <ul className={styles.sources}>
        {photoSources.map((source) => (
          <li key={source.key} className={styles.source}>
            <h3 className={styles.sourceName}>{source.name}</h3>
            <p className={styles.sourceMeta}>
              <a href={source.licenceUrl} rel="noopener noreferrer">
                {source.licence}
              </a>
              {" · "}
              {t("credits.photosUsed", { count: source.photosUsed })}
            </p>
            <p className={styles.sourceNote}>{source.note}</p>
            <p className={styles.sourceRepo}>
              <a href={`https://github.com/${source.repository}`} rel="noopener noreferrer">
                {source.repository}
              </a>{" "}
              @ <code>{source.commit.slice(0, 10)}</code>
              {source.branch && t("credits.branch", { branch: source.branch })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
