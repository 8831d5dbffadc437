import { Download, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { BillingAccount, Invoice } from "#core/billing/billing-types.ts";
import { formatMoney } from "#core/shared/number-format.ts";
import { BillingDetailsForm } from "./billing-details-form.tsx";
import { formatDay } from "./billing-format.ts";
import { INVOICE_STATUS_KEYS } from "./billing-keys.ts";
import { BillingHeader } from "./billing-nav.tsx";

export interface InvoicesScreenProps {
  invoices: Invoice[] | null;
  account: Omit<BillingAccount, "providerCustomerId"> | null;
  canManage: boolean;
  timeZone: string;
}

const STATUS_VARIANT = { paid: "default", open: "destructive", void: "outline", uncollectible: "destructive" } as const;

/** /billing/invoices: every invoice with its PDF, and the details printed on the next ones. */
export function InvoicesScreen({ invoices, account, canManage, timeZone }: InvoicesScreenProps) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const day = (value: Date) => formatDay(value, locale, timeZone);
  const shown = (invoices ?? []).filter((invoice) => invoice.status !== "void");
  return (
    <div className="mx-auto flex min-w-0 max-w-5xl flex-col gap-6">
      <BillingHeader title={t("invoices.title")} intro={t("invoices.intro")} />
      {!canManage ? (
        <p role="note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          {t("invoices.adminsOnly")}
        </p>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("invoices.listTitle")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {shown.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
                <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="max-w-md text-pretty text-muted-foreground text-sm">{t("invoices.empty")}</p>
              </div>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("invoices.columns.number")}</TableHead>
                    <TableHead>{t("invoices.columns.date")}</TableHead>
                    <TableHead className="hidden sm:table-cell">{t("invoices.columns.period")}</TableHead>
                    <TableHead className="text-right">{t("invoices.columns.amount")}</TableHead>
                    <TableHead>{t("invoices.columns.status")}</TableHead>
                    <TableHead>
                      <span className="sr-only">{t("invoices.columns.download")}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.map((invoice) => (
                    <TableRow key={invoice.id}>
                      <TableCell className="font-medium">{invoice.number}</TableCell>
                      <TableCell>{day(invoice.issuedAt)}</TableCell>
                      <TableCell className="hidden sm:table-cell">
                        {day(invoice.periodStart)} – {day(invoice.periodEnd)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatMoney(invoice.totalMinor, invoice.currency, locale)}
                      </TableCell>
                      <TableCell>
                        <Badge variant={STATUS_VARIANT[invoice.status]}>{t(INVOICE_STATUS_KEYS[invoice.status])}</Badge>
                      </TableCell>
                      <TableCell className="text-right">
                        <Button asChild variant="ghost" size="sm">
                          <a
                            href={`/billing/invoices/${encodeURIComponent(invoice.id)}/pdf`}
                            download
                            aria-label={t("invoices.downloadLabel", { number: invoice.number })}
                          >
                            <Download aria-hidden="true" />
                            <span className="hidden sm:inline">{t("invoices.download")}</span>
                          </a>
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      )}
      {canManage && account ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("details.title")}</h2>
            </CardTitle>
            <CardDescription>{t("details.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <BillingDetailsForm account={account} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
