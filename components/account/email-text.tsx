import { Fragment } from "react";

/**
 * An email address that wraps where a reader expects it to: before the "@" and after each dot
 * (<wbr>), never mid-word unless one part alone is wider than the line (CSS `.email`).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
