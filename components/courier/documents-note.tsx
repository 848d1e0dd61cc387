import Link from "@/components/ui/link";
import styles from "./courier.module.css";

// The courier app's word on their documents (docs/architecture/courier-onboarding.md): what keeps
// offers from them (an insurance expired, say), and the way to their documents.

/** Why their documents or background check keep offers from them, with the way to fix it; nothing when they are clear. */
export function DocumentsAlert({ blocked, words }: { blocked: string | null; words: { yourDocuments: string } }) {
  if (!blocked) return null;
  return (
    <div className={styles.alert} role="alert" data-documents-blocked>
      <p>
        {blocked}. <Link href="/courier/documents">{words.yourDocuments}</Link>
      </p>
    </div>
  );
}

export const DocumentsLink = ({ words }: { words: { documents: string } }) => (
  <p>
    <Link href="/courier/documents">{words.documents}</Link>
  </p>
);
