import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { WITHDRAWAL_PARAGRAPH, WITHDRAWAL_TITLE } from "../../../shared/consumer-rights";
import { LEGAL_IDENTITY_MISSING } from "../../../shared/legal-identity";
import { RECEIPT_TITLE, type Receipt } from "../../../shared/receipt";

/**
 * Issue 37: the receipt as a PDF, made by pdfkit with DejaVu Sans embedded (a subset) from
 * the dejavu-fonts-ttf package (Bitstream Vera / DejaVu licence, free to embed): the
 * standard PDF fonts cannot write every Spanish letter and sign (ñ, ¿, «, —) and nothing is
 * fetched from the network. Letter size, as printers here use.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const MARGIN = 54;
const INK = "#1c1917";
const MUTED = "#57534e";

export async function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    font: FONT,
    info: {
      Title: `${RECEIPT_TITLE} ${receipt.orderNumber}`,
      Author: receipt.seller.legalName ?? receipt.seller.name,
      Subject: "Comprobante de compra en Tiangue",
    },
  });
  doc.registerFont("regular", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const heading = (text: string) => {
    doc.moveDown(0.8).font("bold").fontSize(11).fillColor(INK).text(text);
    doc.moveDown(0.2).font("regular").fontSize(10);
  };
  const line = (text: string, color = INK) => doc.fillColor(color).text(text, { width });

  doc.font("bold").fontSize(18).fillColor(INK).text(RECEIPT_TITLE);
  doc.font("regular").fontSize(10).fillColor(MUTED);
  doc.text(`Pedido ${receipt.orderNumber} · ${receipt.date}`);
  if (receipt.cancelled)
    doc.moveDown(0.3).font("bold").fillColor("#b91c1c").text(receipt.cancelled);

  heading("Datos del comercio");
  line(receipt.seller.name);
  if (receipt.seller.legalName) line(`Razón social: ${receipt.seller.legalName}`);
  if (receipt.seller.taxId) line(receipt.seller.taxId);
  if (!receipt.seller.legalName && !receipt.seller.taxId) line(LEGAL_IDENTITY_MISSING, MUTED);

  heading("Cliente");
  line(receipt.customer.name);
  line(receipt.customer.email);
  if (receipt.customer.phone) line(receipt.customer.phone);

  heading("Productos");
  const columns = { quantity: MARGIN + width * 0.62, unit: MARGIN + width * 0.72, total: MARGIN };
  for (const item of receipt.lines) {
    const top = doc.y;
    const name = item.variant ? `${item.name} (${item.variant})` : item.name;
    doc.fillColor(INK).text(name, MARGIN, top, { width: width * 0.6 });
    const bottom = doc.y;
    doc.text(`${item.quantity} ×`, columns.quantity, top, { width: width * 0.1, align: "right" });
    doc.text(item.unitPrice, columns.unit, top, { width: width * 0.13, align: "right" });
    doc.text(item.total, columns.total, top, { width, align: "right" });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 4;
  }
  doc.moveDown(0.3);
  const amount = (label: string, value: string, bold = false) => {
    const top = doc.y;
    doc.font(bold ? "bold" : "regular").fillColor(INK);
    doc.text(label, MARGIN, top, { width: width * 0.7 });
    doc.text(value, MARGIN, top, { width, align: "right" });
    doc.x = MARGIN;
  };
  amount("Subtotal", receipt.subtotal);
  amount("Envío", receipt.deliveryFee);
  amount("Total", receipt.total, true);
  doc.font("regular");

  heading("Pago");
  line(`${receipt.paymentMethod}: ${receipt.paymentStatus}`);

  heading(receipt.fulfillment);
  for (const text of receipt.addressLines) line(text);

  heading("Documento tributario electrónico (DTE)");
  if (receipt.dte) {
    line(`Código de generación: ${receipt.dte.code}`);
    line(`Fecha de emisión: ${receipt.dte.date}`);
    doc.fillColor("#1d4ed8").text("Consultar en el Ministerio de Hacienda", {
      link: receipt.dte.lookupUrl,
      underline: true,
    });
    doc.fillColor(INK);
  } else {
    line("El comercio aún no registró el DTE de este pedido.", MUTED);
  }
  doc.moveDown(0.5);
  line(receipt.disclaimer);

  heading(WITHDRAWAL_TITLE);
  line(WITHDRAWAL_PARAGRAPH, MUTED);

  doc.end();
  return done;
}
