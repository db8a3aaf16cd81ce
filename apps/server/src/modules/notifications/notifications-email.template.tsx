import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
  render,
  toPlainText,
} from "@react-email/components";
import type { Locale } from "@lootlane/contract";
import { Fragment } from "react";
import type { EmailChrome, EmailDetail } from "./notifications-email.texts.js";

/*
 * The one layout of every notification e-mail (React Email): brand, title, first line, the event's details, a
 * button to where the notification leads, and a footer with why it came, its unsubscribe link and Settings.
 * React escapes every text it is given, so user-written titles and messages cannot add markup.
 */

export type NotificationEmailContent = {
  language: Locale;
  title: string;
  body: string;
  details: EmailDetail[];
  chrome: EmailChrome;
  /** Absolute addresses: the notification's page, the unsubscribe page for its event, Settings. */
  links: { action: string; unsubscribe: string; settings: string };
};

const colors = { brand: "#4c6ef5", text: "#212529", muted: "#868e96", line: "#e9ecef", page: "#f8f9fa" };

function NotificationEmail({ language, title, body, details, chrome, links }: NotificationEmailContent) {
  return (
    <Html lang={language}>
      <Head />
      <Preview>{body}</Preview>
      <Body style={{ backgroundColor: colors.page, color: colors.text, fontFamily: "Arial, Helvetica, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", padding: "24px", borderRadius: "8px" }}>
          <Text style={{ color: colors.brand, fontSize: "20px", fontWeight: "bold", margin: "0 0 16px" }}>
            Lootlane
          </Text>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 12px" }}>
            {title}
          </Heading>
          <Text style={{ fontSize: "15px", lineHeight: "22px" }}>{body}</Text>
          {details.length > 0 && (
            <Text
              style={{
                borderTop: `1px solid ${colors.line}`,
                borderBottom: `1px solid ${colors.line}`,
                fontSize: "14px",
                lineHeight: "24px",
                padding: "8px 0",
              }}
            >
              {details.map((detail, index) => (
                <Fragment key={detail.label}>
                  {index > 0 && <br />}
                  <span style={{ color: colors.muted }}>{detail.label}:</span> {detail.value}
                </Fragment>
              ))}
            </Text>
          )}
          <Section style={{ padding: "20px 0" }}>
            <Button
              href={links.action}
              style={{
                backgroundColor: colors.brand,
                borderRadius: "6px",
                color: "#ffffff",
                fontSize: "15px",
                padding: "12px 20px",
              }}
            >
              {chrome.button}
            </Button>
          </Section>
          <Hr style={{ borderColor: colors.line }} />
          <Text style={{ color: colors.muted, fontSize: "12px", lineHeight: "18px" }}>
            {chrome.reason}
            <br />
            <Link href={links.unsubscribe} style={{ color: colors.muted, textDecoration: "underline" }}>
              {chrome.unsubscribe}
            </Link>
            {" · "}
            <Link href={links.settings} style={{ color: colors.muted, textDecoration: "underline" }}>
              {chrome.settings}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The e-mail's HTML and the plain text made from it (links written out after their words). */
export async function renderNotificationEmail(
  content: NotificationEmailContent,
): Promise<{ html: string; text: string }> {
  const html = await render(<NotificationEmail {...content} />);
  return { html, text: toPlainText(html, { selectors: [{ selector: "h1", options: { uppercase: false } }] }) };
}
