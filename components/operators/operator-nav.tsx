"use client";
import { usePathname } from "next/navigation";
import Link from "@/components/ui/link";
import styles from "./operators.module.css";

/** The console's sections; "Problem reports" is the problem reports' queue (its own pages). */
export const ADMIN_SECTIONS = [
  { href: "/admin", label: "Dashboard" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/deliveries", label: "Flagged deliveries" },
  { href: "/admin/restaurants", label: "Restaurants" },
  { href: "/admin/reviews", label: "Reviews" },
  { href: "/admin/problems", label: "Problem reports" },
  { href: "/admin/disputes", label: "Disputes" },
  { href: "/admin/support", label: "Support" },
  { href: "/admin/couriers", label: "Couriers" },
  { href: "/admin/courier-documents", label: "Courier documents" },
  { href: "/admin/courier-ratings", label: "Courier ratings" },
  { href: "/admin/courier-appeals", label: "Courier appeals" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/tax", label: "Sales tax" },
  { href: "/admin/markets", label: "Markets" },
  { href: "/admin/top-up-limits", label: "Top-up limits" },
  { href: "/admin/delivery-pricing", label: "Delivery pricing" },
  { href: "/admin/zones", label: "Zones" },
  { href: "/admin/legal", label: "Legal documents" },
  { href: "/admin/audit", label: "Audit log" },
] as const;

export function OperatorNav() {
  const path = usePathname();
  return (
    <nav className={styles.nav} aria-label="Operator console">
      <ul>
        {ADMIN_SECTIONS.map(({ href, label }) => {
          const current = href === "/admin" ? path === "/admin" : path.startsWith(href);
          return (
            <li key={href}>
              <Link href={href} aria-current={current ? "page" : undefined} className={styles.navLink}>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
