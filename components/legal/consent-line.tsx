"use client";
import Link from "@/components/ui/link";
import { useAlerts } from "@/components/providers/alerts-provider";
import { legalPath, type AcceptedVia, type LegalKind } from "@/lib/shared/people/legal";
import styles from "./legal.module.css";

/**
 * The line under a step that accepts legal documents ("By signing up you agree to the Terms and
 * Privacy Policy"), each linked; the server records the versions in effect when the step is done
 * (lib/server/legal/documents.ts `acceptForStep`). `step` names the sentence; its words are the
 * page's (the alerts provider's, profile.ui.consent).
 */
export function ConsentLine({ step, kinds }: { step: Exclude<AcceptedVia, "prompt">; kinds: readonly LegalKind[] }) {
  const w = useAlerts().words.consent;
  return (
    <p className={styles.consent}>
      {w[step]}
      {kinds.map((kind, i) => (
        <span key={kind}>
          {i === 0 ? "" : i === kinds.length - 1 ? w.and : ", "}
          <Link href={legalPath(kind)}>{w[kind]}</Link>
        </span>
      ))}
      .
    </p>
  );
}
