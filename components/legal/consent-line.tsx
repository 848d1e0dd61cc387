import Link from "@/components/ui/link";
import { legalPath, type LegalKind } from "@/lib/shared/legal";
import styles from "./legal.module.css";

const LINKS: Record<LegalKind, string> = {
  terms: "Terms",
  privacy: "Privacy Policy",
  "restaurant-partners": "Restaurant Partner Agreement",
  couriers: "Courier Agreement",
  cookies: "Cookie Notice",
};

/**
 * The line under a step that accepts legal documents ("By signing up you agree to the Terms and
 * Privacy Policy"), each linked; the server records the versions in effect when the step is done
 * (lib/server/legal/documents.ts `acceptForStep`).
 */
export function ConsentLine({ action, kinds }: { action: string; kinds: readonly LegalKind[] }) {
  return (
    <p className={styles.consent}>
      {`By ${action} you agree to the `}
      {kinds.map((kind, i) => (
        <span key={kind}>
          {i === 0 ? "" : i === kinds.length - 1 ? " and " : ", "}
          <Link href={legalPath(kind)}>{LINKS[kind]}</Link>
        </span>
      ))}
      .
    </p>
  );
}
