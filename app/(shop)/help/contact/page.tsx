import type { Metadata } from "next";
import { ContactForm } from "@/components/help/contact-form";
import styles from "@/components/help/help.module.css";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { ordersToMention, ticketsOf } from "@/lib/server/support/tickets";
import { requireAccountPage } from "@/lib/server/web/page";
import { formatDate, formatDateTime } from "@/lib/shared/format-date";
import { SUPPORT_TOPIC_LABELS, type SupportTopic } from "@/lib/shared/support";

export const metadata: Metadata = { title: "Contact us", robots: { index: false } };

/**
 * "Contact us" (docs/architecture/help.md): a message to Nosh support, about one of the person's
 * orders when they choose one, and their earlier messages with the replies, which also reach them
 * in their notifications and by email.
 */
export default async function ContactPage() {
  const user = await requireAccountPage();
  const [orders, tickets] = await Promise.all([ordersToMention(user.id), ticketsOf(user.id)]);
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title="Contact us" subtitle="Tell us what happened. A Nosh operator answers in your notifications and by email." />
        <p>
          Many answers are already in the <Link href="/help">help centre</Link>.
        </p>
        <ContactForm orders={orders.map((order) => ({ id: order.id, label: `Order #${order.id} · ${order.restaurantName} · ${formatDate(order.placedAt)}` }))} />
        <section className={styles.group} aria-labelledby="contact-messages">
          <h2 id="contact-messages" className={styles.groupTitle}>
            Your messages
          </h2>
          {tickets.length === 0 ? (
            <p className={styles.status}>You have not written to us yet.</p>
          ) : (
            <ul className={styles.tickets}>
              {tickets.map((ticket) => (
                <li key={ticket.id} className={styles.ticket}>
                  <p className={styles.meta}>
                    {SUPPORT_TOPIC_LABELS[ticket.topic as SupportTopic] ?? ticket.topic}
                    {ticket.orderId ? ` · Order #${ticket.orderId}` : ""} · {formatDateTime(ticket.createdAt)} ·{" "}
                    {ticket.status === "open" ? "Waiting for an answer" : "Answered"}
                  </p>
                  <p>{ticket.message}</p>
                  {ticket.replies.map((reply) => (
                    <div key={reply.id} className={styles.reply}>
                      <p className={styles.meta}>Nosh support · {formatDateTime(reply.createdAt)}</p>
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
