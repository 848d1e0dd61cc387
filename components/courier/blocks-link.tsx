import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";

/** The courier app's way to its blocks (scheduled hours by zone: /courier/blocks). */
export function BlocksLink() {
  return (
    <Link href="/courier/blocks" className={buttonClass({ variant: "secondary", block: true })}>
      Book blocks: scheduled hours by zone
    </Link>
  );
}
