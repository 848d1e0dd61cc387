import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { TitledSection } from "@/components/ui/titled-section";
import { TEAM_PAGES, roleAllows, teamPagePath, type TeamRole } from "@/lib/shared/people/team";
import type { Words } from "@/lib/i18n/words";
import ownerStyles from "../owner/owner.module.css";
import styles from "./team.module.css";

const LINKS = ["orders", "menu", "promotions", "reviews", "api-keys", "webhooks"] as const;

type Props = {
  restaurants: { id: number; name: string; role: TeamRole }[];
  newOrders?: Record<number, number>;
  /** Its words (the catalogue's menus.where) and the roles' names, from the server. */
  words: Words<"menus">["where"];
  roles: Words<"menus">["roles"];
};

/** The restaurants the person works at (docs/architecture/team.md), each with the pages their role may open and its "n new" count (kept live by OwnedRestaurants' watch). */
export function TeamRestaurants({ restaurants, newOrders = {}, words: w, roles }: Props) {
  if (!restaurants.length) return null;
  return (
    <TitledSection id="team-restaurants" title={w.title} titleClassName={styles.panelTitle}>
      <ul className={styles.list}>
        {restaurants.map((r) => (
          <li key={r.id} className={styles.row}>
            <span className={styles.who}>
              <span className={styles.name}>{r.name}</span>
              <Badge tone="info">{roles[r.role]}</Badge>
            </span>
            <span className={styles.actions}>
              {LINKS.filter((page) => roleAllows(r.role, TEAM_PAGES[page])).map((page) => {
                const count = page === "orders" ? (newOrders[r.id] ?? 0) : 0;
                return (
                  <Link key={page} href={teamPagePath(page, r.id)} className={buttonClass({ variant: count ? "primary" : "secondary", size: "small" })}>
                    {w.links[page]}
                    <span className="sr-only"> {r.name}</span>
                    {count > 0 && (
                      <span className={ownerStyles.newCount}>
                        {count}
                        <span className="sr-only">{w.new}</span>
                      </span>
                    )}
                  </Link>
                );
              })}
            </span>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
