import { describe, expect, it } from "vitest";
import { formatMoney } from "#core/shared/number-format.ts";
import { renderTextIn } from "#tests/support/render-in-language.tsx";
import { DateRangePicker } from "./date-range-picker.tsx";
import { DeltaIndicator } from "./delta-indicator.tsx";
import { TrendChart, type TrendSeries } from "./trend-chart.tsx";

const spend = (locale: string): TrendSeries => ({
  key: "spend",
  label: "Spend",
  format: (value) => formatMoney(value, "EUR", locale),
});
const days = [
  { date: "2026-03-01", spend: 12_000 },
  { date: "2026-03-02", spend: 9_550 },
];

describe("the analytics pieces in the reader's language", () => {
  it("reads the chart's screen-reader table in English as before", async () => {
    const english = await renderTextIn("en", <TrendChart title="Spend by day" data={days} series={[spend("en-US")]} />);
    expect(english).toContain("Spend by day Date Spend Mar 1 €120.00 Mar 2 €95.50");
    expect(await renderTextIn("en", <TrendChart title="Spend by day" data={[]} series={[spend("en-US")]} />)).toContain(
      "Spend by day: no data in this range.",
    );
  });

  it("translates the chart's screen-reader table, with dates in the reader's locale", async () => {
    const spanish = await renderTextIn("es", <TrendChart title="Inversión" data={days} series={[spend("es-ES")]} />);
    expect(spanish).toContain("Fecha");
    expect(spanish).toContain("1 mar 120,00 €");
    const german = await renderTextIn("de", <TrendChart title="Ausgaben" data={[]} series={[spend("de-DE")]} />);
    expect(german).toContain("Ausgaben: keine Daten in diesem Zeitraum.");
  });

  it("names the range and its comparison in the reader's words", async () => {
    const picker = (
      <DateRangePicker
        range={{ preset: "last_30_days", from: "2026-03-01", to: "2026-03-30" }}
        previousRange={{ from: "2026-01-30", to: "2026-02-28" }}
      />
    );
    expect(await renderTextIn("en", picker)).toContain(
      "Date range: Last 30 days Mar 1 – Mar 30, 2026 Mar 1 – Mar 30, 2026 · vs previous period (Jan 30 – Feb 28, 2026)",
    );
    expect(await renderTextIn("fr", picker)).toContain(
      "Période : 30 derniers jours 1 mars – 30 mars 2026 1 mars – 30 mars 2026 · par rapport à la période précédente (30 janv. – 28 févr. 2026)",
    );
  });

  it("says a change in the reader's words and figures", async () => {
    const delta = <DeltaIndicator current={112.5} previous={100} goodDirection="higher" />;
    expect(await renderTextIn("en", delta)).toBe("▲ up 12.5% vs previous period");
    expect(await renderTextIn("de", delta)).toBe("▲ gestiegen um 12,5 % ggü. Vorzeitraum");
  });
});
