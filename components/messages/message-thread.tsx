"use client";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatTime } from "@/lib/shared/time/format-date";
import { MESSAGE_MAX_LENGTH, type DeliveryMessageJson, type MessageThreadJson } from "@/lib/shared/delivery/delivery-messages";
import type { RelayJson } from "@/lib/shared/delivery/relay";
import styles from "./message-thread.module.css";

// The thread between an order's customer and its courier (docs/architecture/stops-and-messages.md
// "Messages"), on the order page and in the courier app: its own chunk, loaded once the page has
// a courier. Collapsed, it counts the other side's new messages; its list is an aria-live region,
// so an incoming message is read out; the parent bumps `wake` when the stream says a message came.

const PAGE = 100;

/** The newest message this browser has shown the reader in this thread (kept across reloads), or null. */
function seenBefore(url: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(`nosh.messages.seen:${url}`));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
function remember(url: string, id: number) {
  try {
    if (id > 0) window.localStorage.setItem(`nosh.messages.seen:${url}`, String(id));
  } catch {
    // Storage off: the count starts afresh on the next visit.
  }
}

/** The whole thread, a page of PAGE at a time (at most ten pages). */
async function readThread(url: string): Promise<MessageThreadJson> {
  const messages: DeliveryMessageJson[] = [];
  let answer: MessageThreadJson;
  do {
    answer = await api<MessageThreadJson>(`${url}?limit=${PAGE}&offset=${messages.length}`);
    messages.push(...answer.messages);
  } while (answer.messages.length === PAGE && messages.length < PAGE * 10);
  return { ...answer, messages };
}

type Props = {
  /** GET (the thread) and POST (a message): /api/orders/{id}/messages or /api/courier/jobs/{id}/messages. */
  url: string;
  /** Changes when the stream tells of a new message (or the delivery moves on: it may have closed the thread): the thread is read again. */
  wake: number | string;
  /** The other side as this reader already knows them ("Dev", "Ada"). */
  otherName: string;
  /** The courier app: taller controls for a phone in a hand. */
  large?: boolean;
  /** The restaurant's zone, as the rest of the order page states its times. */
  timeZone?: string;
  /** The thread's words and times in the page's language (the catalogue's order.thread and lines.messages). */
  lang: ThreadLang;
  /** Who the reader calls through the relay number: the courier (the order page) or the customer (the courier app). */
  calls: "courier" | "customer";
};

const RELAY_NOTES = { mine: "noOwnNumber", theirs: "noTheirNumber", busy: "relayBusy" } as const;

/**
 * "Call courier" / "Text courier" (or customer) as tel: and sms: links to the relay number, while
 * the relay connects (docs/architecture/text-messages.md "Masked calls"): never the other's number.
 * Without one while the delivery is live, why (no number of the reader's or of the other side's).
 */
function RelayLinks({
  relay,
  open,
  calls,
  name,
  large,
  words: w,
}: {
  relay: RelayJson | null;
  open: boolean;
  calls: Props["calls"];
  name: string;
  large: boolean;
  words: ThreadLang["words"];
}) {
  if (relay?.number) {
    const link = buttonClass({ variant: "secondary", size: large ? "large" : "medium", className: styles.call });
    return (
      <div className={styles.calls}>
        <a className={link} href={`tel:${relay.number}`}>
          {calls === "courier" ? w.callCourier : w.callCustomer}
        </a>
        <a className={link} href={`sms:${relay.number}`}>
          {calls === "courier" ? w.textCourier : w.textCustomer}
        </a>
        <p className={styles.privacy}>{w.callsPrivate}</p>
      </div>
    );
  }
  const note = open && relay?.reason && relay.reason in RELAY_NOTES ? RELAY_NOTES[relay.reason as keyof typeof RELAY_NOTES] : null;
  return note ? (
    <p className={styles.privacy} data-relay-reason={relay!.reason}>
      {fill(w[note], { name })}
    </p>
  ) : null;
}

/** The thread's words and times' language; `closed`: the empty message's error in the reader's words (lines.messages). The closed reason comes written by the server. */
export type ThreadLang = { words: Words<"order">["thread"]; locale: Locale; closed: Words<"lines">["messages"] };

export function MessageThread({ url, wake, otherName, large = false, timeZone, lang, calls }: Props) {
  const w = lang.words;
  const name = otherName;
  const id = useId();
  const [thread, setThread] = useState<MessageThreadJson | null>(null);
  const [expanded, setExpanded] = useState(false);
  // The newest message this reader has seen (the thread open), kept in this browser: the badge counts the other side's after it.
  const [seen, setSeen] = useState<number | null>(null);
  const [draft, setDraft] = useState("");
  // An empty message is refused before anything is sent.
  const [empty, setEmpty] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const expandedRef = useRef(false);

  const load = useCallback(
    () =>
      readThread(url).then(
        (next) => {
          setThread(next);
          // Open, the reader sees every message; at first sight, the other side's messages after this reader's last one are new.
          // Else what this browser showed before, or the other side's messages after this reader's last one.
          const lastId = next.messages.at(-1)?.id ?? 0;
          if (expandedRef.current) remember(url, lastId);
          setSeen((current) => (expandedRef.current ? lastId : (current ?? seenBefore(url) ?? [...next.messages].reverse().find((message) => message.mine)?.id ?? 0)));
        },
        () => undefined,
      ),
    [url],
  );
  useEffect(() => {
    void load();
  }, [load, wake]);
  const sendCall = useApiAction((body: string) => api<{ message: DeliveryMessageJson }>(url, { method: "POST", body: { body } }), {
    onSuccess: ({ message }) => {
      setThread((current) => (current && !current.messages.some((m) => m.id === message.id) ? { ...current, messages: [...current.messages, message] } : current));
      setDraft("");
    },
    // Closed meanwhile (409): the thread says so.
    onError: (failure) => {
      if (failure.status === 409) void load();
    },
  });
  const sending = sendCall.busy;
  const error = empty ?? (sendCall.failure ? (sendCall.errors.body ?? sendCall.message) : null);

  const newest = thread?.messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (expanded && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [expanded, newest]);

  if (!thread) return null;
  // A delivery that ended without a word (and whose relay stopped): nothing to show.
  if (!thread.open && !thread.messages.length && !thread.relay?.number) return null;

  const unread = thread.messages.filter((message) => !message.mine && message.id > (seen ?? 0)).length;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if (!body) {
      sendCall.reset();
      return setEmpty(lang.closed.empty);
    }
    setEmpty(null);
    await sendCall.run(body);
  };
  // Enter sends, Shift+Enter is a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const panelId = `${id}-panel`;
  const errorId = `${id}-error`;
  return (
    <section className={`${styles.thread} ${large ? styles.large : ""}`} aria-label={fill(w.with, { name })}>
      <RelayLinks relay={thread.relay} open={thread.open} calls={calls} name={name} large={large} words={w} />
      <button
        type="button"
        className={buttonClass({ variant: "secondary", size: large ? "large" : "medium", block: true, className: styles.toggle })}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => {
          expandedRef.current = !expanded;
          setExpanded(!expanded);
          setSeen(newest);
          remember(url, newest);
        }}
      >
        <span>
          {fill(thread.open ? w.message : w.with, { name })}
          {thread.messages.length > 0 && <span className={styles.count}> ({thread.messages.length})</span>}
        </span>
        {!expanded && unread > 0 && (
          <span className={styles.badge} data-testid="unread-messages">
            {fill(w.new, { count: unread })}
          </span>
        )}
      </button>
      {/* Collapsed, a new message is still told to a screen reader. */}
      <p className="sr-only" aria-live="polite">
        {!expanded && unread > 0 ? fill(unread === 1 ? w.newOne : w.newMany, { count: unread, name }) : ""}
      </p>
      <div id={panelId} className={styles.panel} hidden={!expanded}>
        <p className={styles.privacy}>{w.privacy}</p>
        <ol ref={listRef} className={styles.list} aria-live="polite" aria-relevant="additions" aria-label={w.list}>
          {thread.messages.map((message) => (
            <li key={message.id} className={`${styles.message} ${message.mine ? styles.mine : styles.theirs}`}>
              <span className={styles.who}>{message.mine ? w.you : otherName}</span>
              <span className={styles.body}>{message.body}</span>
              <time className={styles.at} dateTime={message.at}>
                {formatTime(message.at, timeZone, lang.locale)}
              </time>
            </li>
          ))}
        </ol>
        {thread.open ? (
          <form className={styles.form} onSubmit={send} noValidate>
            <label htmlFor={`${id}-body`} className={styles.label}>
              {fill(w.to, { name })}
            </label>
            <div className={styles.row}>
              <textarea
                id={`${id}-body`}
                className={styles.input}
                rows={2}
                maxLength={MESSAGE_MAX_LENGTH}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <button type="submit" className={buttonClass({ size: large ? "large" : "medium", className: styles.send })} disabled={sending}>
                {w.send}
              </button>
            </div>
            {error && (
              <p id={errorId} className={styles.error} role="alert">
                {error}
              </p>
            )}
          </form>
        ) : (
          <p className={styles.closed} role="status">
            {thread.closedReason}
          </p>
        )}
      </div>
    </section>
  );
}
