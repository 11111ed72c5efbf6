/**
 * The one layout of Tiangue's e-mails. Every e-mail is described once, as blocks, and
 * rendered twice: plain text and simple HTML, so both always say the same thing. Every
 * value is escaped in the HTML (names, notes and reasons are typed by people), and the
 * layout has no images, fonts or styles from other hosts: nothing is fetched when the
 * e-mail is opened.
 */
import { escapeHtml } from "../../../shared/escape-html";

export const PRODUCT_NAME = "Tiangue";

/** A paragraph, a button (a link that matters), or a table of label/value rows. */
export type EmailBlock =
  | string
  | { button: { label: string; url: string } }
  | {
      rows: readonly (readonly [label: string, value: string])[];
      total?: readonly [string, string];
    };

export interface EmailTemplate {
  subject: string;
  /** The title inside the e-mail; the subject when omitted. */
  heading?: string;
  blocks: readonly EmailBlock[];
  /** Why the reader receives this e-mail, in small print. */
  footer?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export { escapeHtml };

/**
 * The longest free text an e-mail to an address a visitor typed may echo (issue 25): a
 * public form (registration, checkout, 'Buscar mi pedido') must not become a way to mail
 * arbitrary text to anyone.
 */
export const ECHO_MAX = 80;

/** `text` cut to ECHO_MAX characters. */
export function echo(text: string): string {
  const chars = [...text];
  return chars.length <= ECHO_MAX ? text : `${chars.slice(0, ECHO_MAX - 1).join("")}…`;
}

/** Only web links may become buttons: a `javascript:` or `data:` URL is a bug, not a link. */
function checkedUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
    throw new Error(`Enlace de correo inválido: ${url}`);
  }
  return parsed.href;
}

/** Line breaks would let a value add headers; a subject is one line. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** Paragraphs keep the author's line breaks: escaped first, then turned into <br>. */
const htmlText = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1f2937;";

function blockHtml(block: EmailBlock): string {
  if (typeof block === "string") {
    return `<p style="${FONT}font-size:16px;line-height:1.5;margin:0 0 16px">${htmlText(block)}</p>`;
  }
  if ("button" in block) {
    const url = escapeHtml(checkedUrl(block.button.url));
    return (
      `<p style="margin:24px 0"><a href="${url}" style="${FONT}background:#2348d6;color:#ffffff;` +
      `display:inline-block;font-size:16px;font-weight:bold;padding:12px 20px;border-radius:6px;` +
      `text-decoration:none">${escapeHtml(block.button.label)}</a></p>`
    );
  }
  const cell = `${FONT}font-size:15px;padding:8px 0;border-bottom:1px solid #e5e7eb;`;
  const rows = block.rows.map(
    ([label, value]) =>
      `<tr><td style="${cell}">${htmlText(label)}</td>` +
      `<td style="${cell}text-align:right;white-space:nowrap">${htmlText(value)}</td></tr>`,
  );
  if (block.total) {
    const [label, value] = block.total;
    rows.push(
      `<tr><td style="${FONT}font-size:16px;font-weight:bold;padding:12px 0">${htmlText(label)}</td>` +
        `<td style="${FONT}font-size:16px;font-weight:bold;padding:12px 0;text-align:right;` +
        `white-space:nowrap">${htmlText(value)}</td></tr>`,
    );
  }
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ` +
    `style="border-collapse:collapse;margin:0 0 16px">${rows.join("")}</table>`
  );
}

function blockText(block: EmailBlock): string {
  if (typeof block === "string") return block;
  if ("button" in block) return `${block.button.label}:\n${checkedUrl(block.button.url)}`;
  const lines = block.rows.map(([label, value]) => `- ${label}: ${value}`);
  if (block.total) lines.push(`${block.total[0]}: ${block.total[1]}`);
  return lines.join("\n");
}

export function renderEmail(template: EmailTemplate): RenderedEmail {
  const subject = oneLine(template.subject);
  const heading = template.heading ?? subject;
  const footer = template.footer
    ? `${template.footer}\n${PRODUCT_NAME}, el mercado en línea de El Salvador.`
    : `${PRODUCT_NAME}, el mercado en línea de El Salvador.`;

  const text = [
    PRODUCT_NAME,
    "",
    heading,
    "",
    template.blocks.map(blockText).join("\n\n"),
    "",
    "--",
    footer,
    "",
  ].join("\n");

  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:3px solid #2348d6">
<span style="${FONT}font-size:22px;font-weight:bold;color:#2348d6">${PRODUCT_NAME}</span>
</td></tr>
<tr><td style="padding:24px">
<h1 style="${FONT}font-size:20px;line-height:1.3;margin:0 0 16px">${escapeHtml(heading)}</h1>
${template.blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb">
<p style="${FONT}font-size:13px;line-height:1.5;color:#6b7280;margin:0">${htmlText(footer)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
