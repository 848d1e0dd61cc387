import { Fragment, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { CONVENTIONS } from "@/lib/contract/conventions";
import { openApiDocument } from "@/lib/contract/openapi";
import { referenceOf, shapesOf, type Field, type Reference } from "@/lib/contract/reference";
import styles from "./api-reference.module.css";
import { getWords } from "@/lib/i18n/translate";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

/** The reference's own words (browse.api); the contract's texts (summaries, conventions, descriptions) are English. */
type ApiWords = Words<"browse">["api"];

/** Header names, the same in every language. */
const HEADER = { xsrf: "XSRF-Token", idempotency: "Idempotency-Key" } as const;

// A Server Component: the reference is plain HTML, no client script (a copy button's aside).

/** `code` spans of the conventions' text as <code>. */
function inline(text: string): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) => (part.startsWith("`") && part.endsWith("`") ? <code key={index}>{part.slice(1, -1)}</code> : <Fragment key={index}>{part}</Fragment>));
}

function FieldTable({ caption, fields, words }: { caption: string; fields: Field[]; words: ApiWords }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{words.field}</th>
            <th scope="col">{words.type}</th>
            <th scope="col">{words.required}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <td>
                <code>{field.name}</code>
              </td>
              <td>
                {field.type}
                {field.description && <span className={styles.note}> {field.description}</span>}
              </td>
              <td>{field.required ? words.yes : words.no}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperationEntry({ operation, words }: { operation: Reference; words: ApiWords }) {
  return (
    <article className={styles.operation} id={operation.id} aria-labelledby={`${operation.id}-title`}>
      <h3 id={`${operation.id}-title`} className={styles.operationTitle}>
        <span className={`${styles.method} ${styles[operation.method.toLowerCase()] ?? ""}`}>{operation.method}</span>{" "}
        <code className={styles.path}>{operation.path}</code>
      </h3>
      <p>{operation.summary}</p>
      <dl className={styles.facts}>
        <dt>{words.who}</dt>
        <dd>{operation.who}</dd>
        {operation.pathParams.length > 0 && (
          <>
            <dt>{words.path}</dt>
            <dd>{fill(words.pathText, { names: operation.pathParams.map((name) => `{${name}}`).join(", ") })}</dd>
          </>
        )}
        {operation.method !== "GET" && (
          <>
            <dt>{words.headers}</dt>
            <dd>
              <code>{HEADER.xsrf}</code>
              {operation.idempotent && (
                <>
                  {words.optional}
                  <code>{HEADER.idempotency}</code>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      {operation.query.length > 0 && <FieldTable caption={words.query} fields={operation.query} words={words} />}
      {operation.body && <FieldTable caption={fill(words.body, { type: operation.body.contentType })} fields={operation.body.fields} words={words} />}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{words.responses}</caption>
          <thead>
            <tr>
              <th scope="col">{words.status}</th>
              <th scope="col">{words.meaning}</th>
              <th scope="col">{words.bodyColumn}</th>
            </tr>
          </thead>
          <tbody>
            {operation.responses.map((response) => (
              <tr key={response.status}>
                <td>{response.status}</td>
                <td>{inline(response.description)}</td>
                <td>
                  <code>{response.shape}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

export async function ApiReference() {
  const { api: words } = await getWords("browse");
  const document = openApiDocument();
  const groups = referenceOf(document);
  const shapes = shapesOf(document);
  return (
    <div className={styles.reference}>
      <nav aria-label={words.sections} className={styles.toc}>
        <ul>
          <li>
            <a href="#conventions">{words.conventions}</a>
          </li>
          {groups.map((group) => (
            <li key={group.name}>
              <a href={`#resource-${group.name.replace(/\s+/g, "-").toLowerCase()}`}>{group.name}</a>
            </li>
          ))}
          <li>
            <a href="#shapes">{words.shapes}</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="conventions" className={styles.section}>
        <h2 id="conventions">{words.conventions}</h2>
        {CONVENTIONS.map((convention) => (
          <Fragment key={convention.title}>
            <h3 className={styles.conventionTitle}>{convention.title}</h3>
            <p className={styles.text}>{inline(convention.text)}</p>
            {convention.example && (
              <div className={styles.example}>
                <pre>
                  <code>{convention.example}</code>
                </pre>
                <CopyButton text={convention.example} what={fill(words.example, { title: convention.title })} />
              </div>
            )}
          </Fragment>
        ))}
      </section>

      {groups.map((group) => {
        const id = `resource-${group.name.replace(/\s+/g, "-").toLowerCase()}`;
        return (
          <section key={group.name} aria-labelledby={id} className={styles.section}>
            <h2 id={id}>{group.name}</h2>
            <p className={styles.text}>{group.description}.</p>
            {group.operations.map((operation) => (
              <OperationEntry key={operation.id} operation={operation} words={words} />
            ))}
          </section>
        );
      })}

      <section aria-labelledby="shapes" className={styles.section}>
        <h2 id="shapes">{words.shapes}</h2>
        <p className={styles.text}>{words.shapesText}</p>
        {shapes.map((shape) => (
          <div key={shape.name} id={`shape-${shape.name}`}>
            <h3 className={styles.conventionTitle}>{shape.name}</h3>
            <FieldTable caption={fill(words.fields, { name: shape.name })} fields={shape.fields} words={words} />
          </div>
        ))}
      </section>
    </div>
  );
}
