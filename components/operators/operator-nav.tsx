"use client";
import { usePathname } from "next/navigation";
import Link from "@/components/ui/link";
import type { Words } from "@/lib/i18n/words";
import styles from "./operators.module.css";

/** The console's sections; "Problem reports" (sections.problems) is the problem reports' queue (its own pages). */
export const ADMIN_SECTIONS = [
  { href: "/admin", key: "dashboard" },
  { href: "/admin/orders", key: "orders" },
  { href: "/admin/deliveries", key: "deliveries" },
  { href: "/admin/restaurants", key: "restaurants" },
  { href: "/admin/reviews", key: "reviews" },
  { href: "/admin/problems", key: "problems" },
  { href: "/admin/disputes", key: "disputes" },
  { href: "/admin/support", key: "support" },
  { href: "/admin/couriers", key: "couriers" },
  { href: "/admin/courier-documents", key: "courierDocuments" },
  { href: "/admin/courier-ratings", key: "courierRatings" },
  { href: "/admin/courier-appeals", key: "courierAppeals" },
  { href: "/admin/users", key: "users" },
  { href: "/admin/tax", key: "tax" },
  { href: "/admin/markets", key: "markets" },
  { href: "/admin/cash", key: "cash" },
  { href: "/admin/top-up-limits", key: "topUpLimits" },
  { href: "/admin/membership", key: "membership" },
  { href: "/admin/delivery-pricing", key: "deliveryPricing" },
  { href: "/admin/zones", key: "zones" },
  { href: "/admin/legal", key: "legal" },
  { href: "/admin/audit", key: "audit" },
] as const;

/** The nav's words: the catalogue's admin.shell, from the layout. */
export function OperatorNav({ words }: { words: Words<"admin">["shell"] }) {
  const path = usePathname();
  return (
    <nav className={styles.nav} aria-label={words.navLabel}>
      <ul>
        {ADMIN_SECTIONS.map(({ href, key }) => {
          const current = href === "/admin" ? path === "/admin" : path.startsWith(href);
          return (
            <li key={href}>
              <Link href={href} aria-current={current ? "page" : undefined} className={styles.navLink}>
                {words.sections[key]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
