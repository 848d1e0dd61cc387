import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { SupportReplyForm } from "@/components/operators/support-reply-form";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { supportQueue } from "@/lib/server/support/tickets";
import { optionalPageId } from "@/lib/server/web/page";

import { getT, getWords } from "@/lib/i18n/translate";
import { ViewTabs } from "@/components/operators/view-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("support.title") };
}

const PAGE = 20;

/**
 * The support queue (docs/architecture/help.md): the contact form's messages, open ones oldest
 * first, each with its author, its order when linked, and a reply form; a reply reaches the person
 * in their notifications and by email, and moves the message to "Answered".
 */
export default async function OperatorSupportPage({ searchParams }: { searchParams: Promise<{ view?: string; offset?: string }> }) {
  await requireOperatorPage();
  const params = await searchParams;
  const view = params.view === "answered" ? "answered" : "open";
  const offset = optionalPageId(params.offset) ?? 0;
  const [{ tickets, more }, t, { support: words, shell }] = await Promise.all([supportQueue(view, { limit: PAGE, offset }), getT("admin"), getWords("admin")]);
  const topic = (key: string) => (words.topics as Record<string, string | undefined>)[key] ?? key;
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      <ViewTabs label={words.tabs} path="/admin/support" query="view=answered" second={view === "answered"} names={[words.open, words.answered]} />
      {tickets.length === 0 ? (
        <p className={styles.meta}>{view === "open" ? words.noneOpen : words.noneAnswered}</p>
      ) : (
        tickets.map((ticket) => (
          <section key={ticket.id} className={styles.card} aria-labelledby={`ticket-${ticket.id}`}>
            <h2 id={`ticket-${ticket.id}`} className={styles.formTitle}>
              #{ticket.id} · {topic(ticket.topic)} · <Link href={`/admin/users/${ticket.person.id}`}>{ticket.person.name}</Link>
            </h2>
            <p className={styles.meta}>
              {ticket.person.email ?? words.noEmail} · <LocalTime at={ticket.createdAt} />
              {ticket.orderId ? (
                <>
                  {" "}
                  · <Link href={`/admin/orders/${ticket.orderId}`}>{t("support.order", { id: String(ticket.orderId) })}</Link>
                </>
              ) : null}
            </p>
            <p style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{ticket.message}</p>
            {ticket.replies.map((reply) => (
              <p key={reply.id} className={styles.meta} style={{ whiteSpace: "pre-wrap" }}>
                {words.replied} <LocalTime at={reply.createdAt} />: {reply.body}
              </p>
            ))}
            <SupportReplyForm ticketId={ticket.id} words={words.form} />
          </section>
        ))
      )}
      <Pager
        path="/admin/support"
        params={{ view: view === "answered" ? "answered" : undefined }}
        offset={offset}
        limit={PAGE}
        nextOffset={more ? offset + PAGE : null}
        words={shell}
      />
    </>
  );
}
