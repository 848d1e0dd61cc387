"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { SUPPORT_MESSAGE, SUPPORT_TOPICS } from "@/lib/shared/people/support";
import type { Words } from "@/lib/i18n/words";
import styles from "./help.module.css";

/** An order the message may be about; `token`: its help link's (a guest's orders: the message goes through it). */
export type ContactOrder = { id: number; label: string; token?: string };

/**
 * The contact form: POST /api/support/tickets for an account, or, for a guest's orders (each with
 * its help link's token), POST /api/orders/{id}/support about the order chosen, which is then
 * required. Each refusal beside its field, a 429's words above the button, then the page's list
 * refreshed. `words`: browse.contact.form and its topics, from the server.
 */
export function ContactForm({
  orders,
  chosen,
  words,
}: {
  orders: ContactOrder[];
  /** The order the page was opened for (its ?order=), chosen at first. */
  chosen?: number | null;
  words: Words<"browse">["contact"]["form"] & { topics: Words<"browse">["contact"]["topics"] };
}) {
  const router = useRouter();
  const id = useId();
  const [sent, setSent] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const byLink = orders.some((order) => order.token);
  const send = useApiAction(
    (body: { topic: string; orderId: number | null; message: string }) => {
      const order = byLink ? orders.find((entry) => entry.id === body.orderId) : undefined;
      if (order?.token) return api(`/api/orders/${order.id}/support`, { method: "POST", body: { topic: body.topic, message: body.message, token: order.token } });
      return api("/api/support/tickets", { method: "POST", body });
    },
    {
      onSuccess: () => {
        setSent(true);
        setFormKey((key) => key + 1);
        router.refresh();
      },
    },
  );
  const errors = send.errors;

  const submit = async (form: FormData) => {
    setSent(false);
    const orderId = String(form.get("orderId") ?? "");
    await send.run({ topic: String(form.get("topic") ?? ""), orderId: orderId ? Number(orderId) : null, message: String(form.get("message") ?? "") });
  };

  const described = (field: string) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {});
  const error = (field: string) =>
    errors[field] && (
      <span className={styles.error} id={`${id}-${field}-error`}>
        {errors[field]}
      </span>
    );
  const failed = send.failure && !Object.keys(errors).length ? send.message : null;

  return (
    <form key={formKey} className={styles.form} action={submit} aria-label={words.label} noValidate>
      <label htmlFor={`${id}-topic`}>
        {words.topic}
        <select id={`${id}-topic`} name="topic" required defaultValue="" {...described("topic")}>
          <option value="" disabled>
            {words.chooseTopic}
          </option>
          {SUPPORT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {words.topics[topic]}
            </option>
          ))}
        </select>
        {error("topic")}
      </label>
      {orders.length > 0 && (
        <label htmlFor={`${id}-order`}>
          {byLink ? words.whichOrder : words.which}
          <select id={`${id}-order`} name="orderId" required={byLink} defaultValue={chosen ?? (byLink ? orders[0]!.id : "")} {...described("orderId")}>
            {!byLink && <option value="">{words.noOrder}</option>}
            {orders.map((order) => (
              <option key={order.id} value={order.id}>
                {order.label}
              </option>
            ))}
          </select>
          {error("orderId")}
        </label>
      )}
      <label htmlFor={`${id}-message`}>
        {words.message}
        <textarea id={`${id}-message`} name="message" rows={6} maxLength={SUPPORT_MESSAGE.max} required {...described("message")} />
        {error("message")}
      </label>
      {(sent || failed) && (
        <p className={failed ? styles.error : styles.status} role={failed ? "alert" : "status"}>
          {failed ?? (byLink ? words.sentHere : words.sent)}
        </p>
      )}
      <div>
        <button type="submit" className={buttonClass()} disabled={send.busy}>
          {send.busy ? words.sending : words.send}
        </button>
      </div>
    </form>
  );
}
