"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import { SUPPORT_MESSAGE, SUPPORT_TOPICS } from "@/lib/shared/support";
import type { Words } from "@/lib/i18n/words";
import styles from "./help.module.css";

/**
 * The contact form (POST /api/support/tickets): each refusal beside its field, a 429's words above the button, then the page's list refreshed.
 * `words`: browse.contact.form and its topics, from the server.
 */
export function ContactForm({
  orders,
  words,
}: {
  orders: { id: number; label: string }[];
  words: Words<"browse">["contact"]["form"] & { topics: Words<"browse">["contact"]["topics"] };
}) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = async (form: FormData) => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    const orderId = String(form.get("orderId") ?? "");
    try {
      await api("/api/support/tickets", {
        method: "POST",
        body: { topic: String(form.get("topic") ?? ""), orderId: orderId ? Number(orderId) : null, message: String(form.get("message") ?? "") },
      });
      setMessage({ text: words.sent, error: false });
      setFormKey((key) => key + 1);
      router.refresh();
    } catch (e) {
      if (e instanceof ApiClientError) {
        setErrors(e.errors);
        if (!Object.keys(e.errors).length) setMessage({ text: e.message, error: true });
      } else setMessage({ text: SERVER_FAILURE, error: true });
    } finally {
      setBusy(false);
    }
  };

  const described = (field: string) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {});
  const error = (field: string) =>
    errors[field] && (
      <span className={styles.error} id={`${id}-${field}-error`}>
        {errors[field]}
      </span>
    );

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
          {words.which}
          <select id={`${id}-order`} name="orderId" defaultValue="" {...described("orderId")}>
            <option value="">{words.noOrder}</option>
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
      {message && (
        <p className={message.error ? styles.error : styles.status} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      )}
      <div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? words.sending : words.send}
        </button>
      </div>
    </form>
  );
}
