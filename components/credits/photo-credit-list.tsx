import { photoCredits, photoSources, type PhotoCredit } from "@/lib/shared/demo/photo-credits";
import { getT } from "@/lib/i18n/translate";
import styles from "./credits.module.css";
import { Photo } from "@/components/ui/photo";

const sourceName = new Map(photoSources.map((s) => [s.key, s.name]));

function thumbnail(file: string): string {
  return file.replace(/\.webp$/, "-sm.webp");
}

/** Every food photo with its thumbnail, dish, author, licence and origin. */
export async function PhotoCreditList() {
  const t = await getT("profile");
  const sorted = [...photoCredits].sort((a, b) => a.dish.localeCompare(b.dish));
  return (
    <section aria-labelledby="photos-title" className={styles.section}>
      <h2 id="photos-title" className={styles.sectionTitle}>
        {t("credits.all", { count: photoCredits.length })}
      </h2>
      <ul className={styles.photos}>
        {sorted.map((credit) => (
          <CreditItem key={credit.file} credit={credit} by={credit.sourceKey === "A" ? t("credits.submittedBy") : t("credits.photoBy")} />
        ))}
      </ul>
    </section>
  );
}

function CreditItem({ credit, by }: { credit: PhotoCredit; by: string }) {
  return (
    <li className={styles.photo}>
      <Photo src={thumbnail(credit.file)} alt="" width={72} height={72} className={styles.thumb} />
      <div className={styles.photoText}>
        <p className={styles.dish}>{credit.dish}</p>
        <p className={styles.byline}>
          {by}
          {credit.photoPage ? (
            <a href={credit.photoPage} rel="noopener noreferrer">
              {credit.author}
            </a>
          ) : (
            credit.author
          )}
          {" · "}
          {credit.licenceUrl ? (
            <a href={credit.licenceUrl} rel="noopener noreferrer">
              {credit.licence}
            </a>
          ) : (
            credit.licence
          )}
        </p>
        <p className={styles.origin}>
          {sourceName.get(credit.sourceKey)}
          {credit.attributionRequired && ` · ${credit.modified}`}
        </p>
      </div>
    </li>
  );
}
