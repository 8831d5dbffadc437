/**
 * An invoice as a PDF (pdfkit's built-in Helvetica, as the legal PDFs): seller, buyer with their
 * VAT number, number and dates, lines, subtotal, tax, total and what is due, in the invoice's
 * currency. With a VAT number the reverse-charge note applies (Terms §6); Adhelm adds no tax.
 */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { formatDate, formatMoney } from "#core/shared/number-format.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import type { Invoice, InvoiceSeller } from "./billing-types.ts";

/** Adhelm as the seller on every invoice. */
/** Without INVOICE_SELLER: the company the Terms name, and the address billing questions go to. */
export const DEFAULT_INVOICE_SELLER: InvoiceSeller = { name: "Adhelm, Inc.", lines: ["billing@adhelm.com"] };

/** "Adhelm, Inc. | 1 Main Street | Wilmington, DE 19801 | VAT: …" → the name and its lines. */
export function invoiceSellerFrom(value: string | undefined): InvoiceSeller {
  const parts = (value ?? "")
    .split("|")
    .map((part) => part.trim())
    .filter(Boolean);
  const [name, ...lines] = parts;
  return name ? { name, lines } : DEFAULT_INVOICE_SELLER;
}

const REVERSE_CHARGE = "Reverse charge: VAT to be accounted for by the recipient.";

const money = (minor: number, currency: string) => formatMoney(minor, currency, "en-US");
const day = (at: Date | string) => formatDate(at, "en-US", { style: "medium" });

export async function invoicePdf(invoice: Invoice, seller: InvoiceSeller = DEFAULT_INVOICE_SELLER): Promise<Buffer> {
  // Loaded on the first PDF: most processes never make one, and pdfkit weighs ~30 MB.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Invoice ${invoice.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;

  doc.font("Helvetica-Bold").fontSize(20).fillColor("#111522").text("Invoice", left, 56);
  doc.font("Helvetica").fontSize(10).fillColor("#1f2430");
  doc.text(`Number: ${invoice.number}`, left, 88);
  doc.text(`Issued: ${day(invoice.issuedAt)}`);
  doc.text(`Due: ${day(invoice.dueAt)}`);
  doc.text(
    `Status: ${invoice.status === "paid" && invoice.paidAt ? `Paid on ${day(invoice.paidAt)}` : invoice.status}`,
  );

  const partiesTop = 170;
  doc.font("Helvetica-Bold").text("From", left, partiesTop);
  doc.font("Helvetica").text(seller.name);
  for (const line of seller.lines) doc.text(line);
  const buyerX = left + width / 2;
  doc.font("Helvetica-Bold").text("Bill to", buyerX, partiesTop);
  doc.font("Helvetica").text(invoice.buyer.name, buyerX);
  if (invoice.buyer.address) doc.text(invoice.buyer.address, buyerX, undefined, { width: width / 2 });
  if (invoice.buyer.email) doc.text(invoice.buyer.email, buyerX);
  if (invoice.buyer.vatNumber) doc.text(`VAT number: ${invoice.buyer.vatNumber}`, buyerX);

  let y = Math.max(doc.y, 280) + 20;
  const columns = { description: left, period: left + 220, amount: right - 90 };
  doc.font("Helvetica-Bold");
  doc.text("Description", columns.description, y);
  doc.text("Period", columns.period, y);
  doc.text("Amount", columns.amount, y, { width: 90, align: "right" });
  y += 18;
  doc
    .moveTo(left, y - 4)
    .lineTo(right, y - 4)
    .strokeColor("#d5d9e2")
    .stroke();
  doc.font("Helvetica");
  for (const line of invoice.lines) {
    doc.text(line.description, columns.description, y, { width: 210 });
    const rowBottom = doc.y;
    doc.text(`${day(line.periodStart)} – ${day(line.periodEnd)}`, columns.period, y, { width: 160 });
    doc.text(money(line.amountMinor, invoice.currency), columns.amount, y, { width: 90, align: "right" });
    y = Math.max(rowBottom, doc.y) + 8;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor("#d5d9e2").stroke();
  y += 10;
  const total = (label: string, minor: number, bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    doc.text(label, columns.period, y, { width: 200 });
    doc.text(money(minor, invoice.currency), columns.amount, y, { width: 90, align: "right" });
    y += 16;
  };
  total("Subtotal", invoice.subtotalMinor);
  total("Tax", invoice.taxMinor);
  total("Total", invoice.totalMinor, true);
  if (invoice.creditAppliedMinor > 0) total("Credit applied", -invoice.creditAppliedMinor);
  total(invoice.status === "paid" ? "Amount paid" : "Amount due", invoice.amountDueMinor, true);
  doc.font("Helvetica").fontSize(9).fillColor("#5b6170");
  y += 16;
  doc.text(`All amounts in ${invoice.currency}. Prices exclude taxes.`, left, y, { width });
  if (invoice.buyer.vatNumber) doc.text(REVERSE_CHARGE, left, undefined, { width });
  doc.end();
  return done;
}

/** One of the organization's invoices as a PDF; another organization's is not found. */
export async function renderInvoicePdf(
  deps: Pick<BillingDependencies, "billing" | "seller">,
  actor: Actor,
  invoiceId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const invoice = await deps.billing.findInvoice(actor.organizationId, invoiceId);
  if (!invoice || invoice.status === "void") throw new AppError("not_found", "There is no such invoice.");
  return { filename: `${invoice.number}.pdf`, pdf: await invoicePdf(invoice, deps.seller) };
}
