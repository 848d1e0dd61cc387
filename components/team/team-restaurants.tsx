import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { ROLE_LABELS, TEAM_PAGES, roleAllows, teamPagePath, type TeamRole } from "@/lib/shared/team";
import ownerStyles from "../owner/owner.module.css";
import styles from "./team.module.css";

const LINKS = [
  { page: "orders", label: "Orders" },
  { page: "menu", label: "Menu" },
  { page: "promotions", label: "Promotions" },
  { page: "reviews", label: "Reviews" },
  { page: "api-keys", label: "API keys" },
  { page: "webhooks", label: "Webhooks" },
] as const;

type Props = { restaurants: { id: number; name: string; role: TeamRole }[]; newOrders?: Record<number, number> };

/** The restaurants the person works at (docs/architecture/team.md), each with the pages their role may open and its "n new" count (kept live by OwnedRestaurants' watch). */
export function TeamRestaurants({ restaurants, newOrders = {} }: Props) {
  if (!restaurants.length) return null;
  return (
    <section aria-labelledby="team-restaurants">
      <h2 id="team-restaurants" className={styles.panelTitle}>
        Where you work
      </h2>
      <ul className={styles.list}>
        {restaurants.map((r) => (
          <li key={r.id} className={styles.row}>
            <span className={styles.who}>
              <span className={styles.name}>{r.name}</span>
              <Badge tone="info">{ROLE_LABELS[r.role]}</Badge>
            </span>
            <span className={styles.actions}>
              {LINKS.filter((link) => roleAllows(r.role, TEAM_PAGES[link.page])).map((link) => {
                const count = link.page === "orders" ? (newOrders[r.id] ?? 0) : 0;
                return (
                  <Link key={link.page} href={teamPagePath(link.page, r.id)} className={buttonClass({ variant: count ? "primary" : "secondary", size: "small" })}>
                    {link.label}
                    <span className="sr-only"> {r.name}</span>
                    {count > 0 && (
                      <span className={ownerStyles.newCount}>
                        {count}
                        <span className="sr-only"> new</span>
                      </span>
                    )}
                  </Link>
                );
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
