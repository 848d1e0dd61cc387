import "server-only";
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { MailContent } from "./message";

// The HTML part of every mail (docs/architecture/notification-mail.md "Email"), made with React Email
// (@react-email/components, rendered on the server by @react-email/render): table-based layout
// and inline styles that mail clients (Outlook, Gmail's app) render, written as React components
// like the rest of the app. One layout for every kind; message.ts decides the words. Readable on
// a phone: a fluid container at most 560px wide, no fixed widths, 16px text, a large button.

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const brand = "#d8361f";

const styles = {
  body: { margin: 0, padding: "16px 8px", backgroundColor: "#f6f5f3", fontFamily: font, color: "#1a1a1a" },
  container: { width: "100%", maxWidth: "560px", margin: "0 auto", backgroundColor: "#ffffff", borderRadius: "12px", padding: "24px 20px" },
  brand: { margin: "0 0 16px", fontSize: "20px", fontWeight: 700, color: brand },
  heading: { margin: "0 0 16px", fontSize: "22px", lineHeight: "1.3", fontWeight: 700 },
  text: { margin: "0 0 12px", fontSize: "16px", lineHeight: "1.5" },
  table: { width: "100%", borderCollapse: "collapse" as const, margin: "4px 0 16px" },
  label: { padding: "6px 8px 6px 0", fontSize: "15px", lineHeight: "1.4", borderBottom: "1px solid #eeeeee", verticalAlign: "top" as const },
  amount: { padding: "6px 0", fontSize: "15px", lineHeight: "1.4", borderBottom: "1px solid #eeeeee", textAlign: "right" as const, whiteSpace: "nowrap" as const },
  button: {
    display: "inline-block",
    padding: "12px 22px",
    backgroundColor: brand,
    color: "#ffffff",
    borderRadius: "999px",
    fontSize: "16px",
    fontWeight: 600,
    textDecoration: "none",
  },
  footer: { margin: "0", fontSize: "13px", lineHeight: "1.5", color: "#666666" },
  footerLink: { color: "#666666", textDecoration: "underline" },
};

export function NoshMail({ content }: { content: MailContent }) {
  return (
    <Html lang={content.lang}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{content.title}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{content.words.brand}</Text>
          <Heading as="h1" style={styles.heading}>
            {content.title}
          </Heading>
          <Text style={styles.text}>{content.greeting}</Text>
          {content.paragraphs.map((paragraph, i) => (
            <Text key={i} style={styles.text}>
              {paragraph}
            </Text>
          ))}
          {content.table.length > 0 && (
            <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={styles.table}>
              <tbody>
                {content.table.map((line, i) => (
                  <tr key={i}>
                    <td style={{ ...styles.label, fontWeight: line.strong ? 700 : 400 }}>{line.label}</td>
                    <td style={{ ...styles.amount, fontWeight: line.strong ? 700 : 400 }}>{line.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Section style={{ margin: "8px 0 24px" }}>
            <Button href={content.action.href} style={styles.button}>
              {content.action.label}
            </Button>
          </Section>
          {content.unsubscribeUrl && (
            <>
              <Hr style={{ borderColor: "#eeeeee", margin: "0 0 16px" }} />
              <Text style={styles.footer}>
                <Link href={content.preferencesUrl} style={styles.footerLink}>
                  {content.words.preferences}
                </Link>
                {" · "}
                <Link href={content.unsubscribeUrl} style={styles.footerLink}>
                  {content.words.unsubscribe}
                </Link>
              </Text>
            </>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part of a mail. */
export function mailHtml(content: MailContent): Promise<string> {
  return render(<NoshMail content={content} />);
}
