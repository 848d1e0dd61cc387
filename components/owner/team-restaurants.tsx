import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { ROLE_LABELS, TEAM_PAGES, roleAllows, type TeamRole } from "@/lib/shared/team";
import styles from "./team.module.css";

const LINKS = [
  { page: "orders", label: "Orders" },
  { page: "menu", label: "Menu" },
  { page: "promotions", label: "Promotions" },
] as const;

/** The restaurants the person works at (docs/architecture/staff.md), each with the pages their role may open. */
export function TeamRestaurants({ restaurants }: { restaurants: { id: number; name: string; role: TeamRole }[] }) {
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
              {LINKS.filter((link) => roleAllows(r.role, TEAM_PAGES[link.page])).map((link) => (
                <Link key={link.page} href={`/restaurants/${r.id}/${link.page}`} className={buttonClass({ variant: "secondary", size: "small" })}>
                  {link.label}
                  <span className="sr-only"> {r.name}</span>
                </Link>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
