import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ContactForm, type ContactOrder } from "@/components/help/contact-form";
import styles from "@/components/help/help.module.css";
import { TicketList } from "@/components/help/ticket-list";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { orderByHelpToken, orderHelpToken } from "@/lib/server/support/order-access";
import { ordersToMention, ticketsOf, type SupportTicketJson } from "@/lib/server/support/tickets";
import { optionalPageId } from "@/lib/server/web/page";
import { requirePageUser } from "@/lib/server/web/session";
import { formatDate } from "@/lib/shared/time/format-date";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

export async function generateMetadata(): Promise<Metadata> {
  // An order's help link carries its token: never sent on as a referrer.
  return { title: (await getT("browse.contact"))("title"), robots: { index: false }, referrer: "no-referrer" };
}

type ContactProps = { searchParams: Promise<{ order?: string | string[]; token?: string | string[] }> };
type ContactWords = Words<"browse">["contact"];

/**
 * "Contact us" (docs/architecture/help.md): a message to Nosh support, about one of the person's
 * orders when they choose one, and their earlier messages with the replies, which also reach them
 * in their notifications (and by email, for an account). A guest writes about one of their placed
 * orders; so does anyone holding an order's help link (`?order=&token=`, its token the proof,
 * signed in or not), who sees that order's messages only. Signed out without a link: log in.
 */
export default async function ContactPage({ searchParams }: ContactProps) {
  const query = await searchParams;
  const orderId = optionalPageId(query.order);
  const token = typeof query.token === "string" ? query.token : "";
  const [{ contact: words }, locale] = await Promise.all([getWords("browse"), requestLocale()]);
  const label = (order: { id: number; restaurantName: string; placedAt: string }) =>
    fill(words.order, { id: order.id, restaurant: order.restaurantName, date: formatDate(order.placedAt, undefined, locale) });

  if (token) {
    const order = orderId ? await orderByHelpToken(orderId, token) : null;
    if (!order) return <LinkNotValid words={words} />;
    const tickets = await ticketsOf(order.userId, 20, order.id);
    const orders = [{ id: order.id, label: label(order), token }];
    return <Contact words={words} subtitle={words.linkSubtitle} orders={orders} tickets={tickets} title={words.orderMessages} locale={locale} />;
  }

  const user = await requirePageUser(orderId ? `/help/contact?order=${orderId}` : "/help/contact");
  const [mentioned, tickets] = await Promise.all([ordersToMention(user.id), ticketsOf(user.id)]);
  // A guest writes about an order of theirs (through its help link); with none, there is nothing to answer to: sign up.
  if (user.guestAccount && !mentioned.length) redirect("/signup");
  const orders: ContactOrder[] = mentioned.map((order) => ({
    id: order.id,
    label: label(order),
    ...(user.guestAccount ? { token: orderHelpToken({ id: order.id, userId: user.id }) } : {}),
  }));
  const chosen = orders.some((order) => order.id === orderId) ? orderId : null;
  const subtitle = user.guestAccount ? words.guestSubtitle : words.subtitle;
  return <Contact words={words} subtitle={subtitle} orders={orders} chosen={chosen} tickets={tickets} title={words.messages} locale={locale} />;
}

function Contact({
  words,
  subtitle,
  orders,
  chosen = null,
  tickets,
  title,
  locale,
}: {
  words: ContactWords;
  subtitle: string;
  orders: ContactOrder[];
  chosen?: number | null;
  tickets: SupportTicketJson[];
  title: string;
  locale: Locale;
}) {
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title={words.title} subtitle={subtitle} />
        <p>
          {words.many}
          <Link href="/help">{words.centre}</Link>
          {words.manyEnd}
        </p>
        <ContactForm orders={orders} chosen={chosen} words={{ ...words.form, topics: words.topics }} />
        <TicketList tickets={tickets} title={title} words={words} locale={locale} />
      </div>
    </div>
  );
}

/** A help link that opens no order (mistyped, cut short, another's order): says so, and nothing about any order. */
function LinkNotValid({ words }: { words: ContactWords }) {
  return (
    <div className="container">
      <div className={styles.page}>
        <PageHeader title={words.linkNotValid} subtitle={words.linkNotValidText} />
        <p>
          <Link href="/help" className={buttonClass({ variant: "secondary" })}>
            {words.helpCentre}
          </Link>{" "}
          <Link href="/login?next=%2Fhelp%2Fcontact" className={buttonClass({ variant: "ghost" })}>
            {words.logIn}
          </Link>
        </p>
      </div>
    </div>
  );
}
