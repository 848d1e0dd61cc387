import type { Metadata } from "next";
import { ContactForm } from "@/components/help/contact-form";
import styles from "@/components/help/help.module.css";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { ordersToMention, ticketsOf } from "@/lib/server/support/tickets";
import { requireAccountPage } from "@/lib/server/web/page";
import { formatDate, formatDateTime } from "@/lib/shared/format-date";
import type { SupportTopic } from "@/lib/shared/support";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/fill";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("browse.contact"))("title"), robots: { index: false } };
}

/**
 * "Contact us" (docs/architecture/help.md): a message to Nosh support, about one of the person's
 * orders when they choose one, and their earlier messages with the replies, which also reach them
 * in their notifications and by email.
 */
export default async function ContactPage() {
  const user = await requireAccountPage();
  const [orders, tickets, { contact: words }, locale] = await Promise.all([ordersToMention(user.id), ticketsOf(user.id), getWords("browse"), requestLocale()]);
  const when = (instant: Date | string) => formatDateTime(instant, undefined, locale);
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title={words.title} subtitle={words.subtitle} />
        <p>
          {words.many}
          <Link href="/help">{words.centre}</Link>
          {words.manyEnd}
        </p>
        <ContactForm
          orders={orders.map((order) => ({
            id: order.id,
            label: fill(words.order, { id: order.id, restaurant: order.restaurantName, date: formatDate(order.placedAt, undefined, locale) }),
          }))}
          words={{ ...words.form, topics: words.topics }}
        />
        <section className={styles.group} aria-labelledby="contact-messages">
          <h2 id="contact-messages" className={styles.groupTitle}>
            {words.messages}
          </h2>
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
        </section>
      </div>
    </div>
  );
}
