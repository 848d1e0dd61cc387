import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { DocumentsLink } from "./documents-note";

/** The courier app's ways to its blocks (scheduled hours by zone: /courier/blocks) and its documents. */
export function BlocksLink() {
  return (
    <>
      <Link href="/courier/blocks" className={buttonClass({ variant: "secondary", block: true })}>
        Book blocks: scheduled hours by zone
      </Link>
      <DocumentsLink />
    </>
  );
}
