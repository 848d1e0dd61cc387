import type { ReactNode } from "react";

/** A page's section named by its heading: `<section aria-labelledby>` with its `<h2 id>` first. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
