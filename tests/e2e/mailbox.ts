import { createServer } from "node:http";
import { type ReceivedEmail, startTestSmtpServer } from "../../server/test/test-smtp-server";

/**
 * The e2e server's e-mail (issue 11): a real SMTP server on loopback (test-smtp-server.ts)
 * started by the global setup, and a small HTTP view of what it received, because the
 * tests run in other processes than the setup. GET /messages?min=n answers once at
 * least n messages have arrived.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** http://127.0.0.1:port of the mailbox view. */
    mailboxUrl: string;
  }
}

export type Email = Omit<ReceivedEmail, "raw">;

export const E2E_MAIL_FROM = "Tiangue <no-responder@tiangue.test>";
export const E2E_ADMIN_EMAIL = "admin@tiangue.test";

/** For the global setup: the SMTP server, its URL for SMTP_URL, and the view for the tests. */
export async function startMailbox() {
  const smtp = await startTestSmtpServer();
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/messages") {
      response.writeHead(404).end();
      return;
    }
    const min = Number(url.searchParams.get("min") ?? "0");
    void smtp.waitFor(Number.isSafeInteger(min) && min > 0 ? min : 0).then((received) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(received.map(({ raw: _raw, ...email }) => email)));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    smtpUrl: smtp.url,
    mailboxUrl: `http://127.0.0.1:${port}`,
    async close() {
      // Waiting readers would keep the server open: end them.
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await smtp.close();
    },
  };
}

/**
 * For the tests: the first message (already received or still to come) that matches.
 * `mailboxUrl` is inject("mailboxUrl") (this file is also loaded by the global setup).
 */
export async function waitForEmail(
  mailboxUrl: string,
  match: (email: Email) => boolean,
): Promise<Email> {
  let wanted = 0;
  for (;;) {
    const response = await fetch(`${mailboxUrl}/messages?min=${wanted}`);
    const received = (await response.json()) as Email[];
    const found = received.find(match);
    if (found) return found;
    wanted = received.length + 1;
  }
}

/** The first link of a message's text that starts with `prefix`. */
export function linkIn(email: Email, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = `${email.text}\n${email.html}`.match(new RegExp(`${escaped}[^\\s"'<>)]*`));
  if (!found) throw new Error(`Sin enlace ${prefix} en «${email.subject}»:\n${email.text}`);
  return found[0].replace(/&amp;/g, "&");
}
