import type { SupportTicketJson } from "@/lib/server/support/tickets";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { formatDateTime } from "@/lib/shared/time/format-date";
import { fill } from "@/lib/shared/words/fill";
import type { SupportTopic } from "@/lib/shared/people/support";
import styles from "./help.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** The contact page's earlier messages with Nosh support's replies (docs/architecture/help.md), newest first. */
export function TicketList({ tickets, title, words, locale }: { tickets: SupportTicketJson[]; title: string; words: Words<"browse">["contact"]; locale: Locale }) {
  const when = (instant: string) => formatDateTime(instant, undefined, locale);
  return (
    <TitledSection id="contact-messages" title={title} className={styles.group} titleClassName={styles.groupTitle}>
      {tickets.length === 0 ? (
        <p className={styles.status}>{words.noMessages}</p>
      ) : (
        <ul className={styles.tickets}>
          {tickets.map((ticket) => (
            <li key={ticket.id} className={styles.ticket}>
              <p className={styles.meta}>
                {words.topics[ticket.topic as SupportTopic] ?? ticket.topic}
                {ticket.orderId ? fill(words.orderNumber, { id: ticket.orderId }) : ""} · {when(ticket.createdAt)} ·{" "}
                {ticket.status === "open" ? words.waiting : words.answered}
              </p>
              <p>{ticket.message}</p>
              {ticket.replies.map((reply) => (
                <div key={reply.id} className={styles.reply}>
                  <p className={styles.meta}>{fill(words.support, { date: when(reply.createdAt) })}</p>
                  <p>{reply.body}</p>
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
