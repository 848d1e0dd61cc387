import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import type { Words } from "@/lib/i18n/words";
import { DocumentsLink } from "./documents-note";

/** The courier app's ways to its blocks (scheduled hours by zone: /courier/blocks) and its documents. */
export function BlocksLink({ words }: { words: Words<"courier">["links"] }) {
  return (
    <>
      <Link href="/courier/blocks" className={buttonClass({ variant: "secondary", block: true })}>
        {words.blocks}
      </Link>
      <DocumentsLink words={words} />
    </>
  );
}
