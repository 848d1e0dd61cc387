import { photoCredits, photoSources, type PhotoCredit } from "@/lib/shared/photo-credits";
import styles from "./credits.module.css";
import { Photo } from "@/components/ui/photo";

const sourceName = new Map(photoSources.map((s) => [s.key, s.name]));

function thumbnail(file: string): string {
  return file.replace(/\.webp$/, "-sm.webp");
}

/** Every food photo with its thumbnail, dish, author, licence and origin. */
export function PhotoCreditList() {
  const sorted = [...photoCredits].sort((a, b) => a.dish.localeCompare(b.dish));
  return (
    <section aria-labelledby="photos-title" className={styles.section}>
      <h2 id="photos-title" className={styles.sectionTitle}>
        All photos ({photoCredits.length})
      </h2>
      <ul className={styles.photos}>
        {sorted.map((credit) => (
          <CreditItem key={credit.file} credit={credit} />
        ))}
      </ul>
    </section>
  );
}

function CreditItem({ credit }: { credit: PhotoCredit }) {
  return (
    <li className={styles.photo}>
      <Photo src={thumbnail(credit.file)} alt="" width={72} height={72} className={styles.thumb} />
      <div className={styles.photoText}>
        <p className={styles.dish}>{credit.dish}</p>
        <p className={styles.byline}>
          {credit.sourceKey === "A" ? "Submitted by " : "Photo by "}
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
