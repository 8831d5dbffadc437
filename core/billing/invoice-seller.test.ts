import { describe, expect, it } from "vitest";
import { DEFAULT_INVOICE_SELLER, invoiceSellerFrom } from "./render-invoice-pdf.ts";

describe("the seller on invoices (INVOICE_SELLER)", () => {
  it("reads the legal entity's name and its lines, separated by |", () => {
    expect(invoiceSellerFrom("Adhelm Europe SAS | 10 rue de Rivoli | 75004 Paris, France | VAT FR00123456789")).toEqual(
      {
        name: "Adhelm Europe SAS",
        lines: ["10 rue de Rivoli", "75004 Paris, France", "VAT FR00123456789"],
      },
    );
  });

  it("is the company and the billing address when unset or blank", () => {
    expect(invoiceSellerFrom(undefined)).toEqual(DEFAULT_INVOICE_SELLER);
    expect(invoiceSellerFrom(" | ")).toEqual(DEFAULT_INVOICE_SELLER);
    expect(DEFAULT_INVOICE_SELLER.name).toBe("Adhelm, Inc.");
  });
});
