import { describe, expect, it } from "vitest";
import { withScrollableTables } from "./legal-prose.tsx";

describe("withScrollableTables", () => {
  it("wraps each table in a focusable region named by the heading above it", () => {
    const html = withScrollableTables(
      '<table><tr><td>0</td></tr></table><h2 id="plans">Plans</h2><p>x</p><table><tr><td>1</td></tr></table>' +
        '<h3 id="cookies">Cookies</h3><table><tr><td>2</td></tr></table>',
    );
    expect(html.match(/<div [^>]*role="region"[^>]*><table>/g)).toHaveLength(3);
    expect(html).toContain('tabindex="0" role="region" aria-label="Table"><table><tr><td>0</td>');
    expect(html).toContain('aria-labelledby="plans"><table><tr><td>1</td>');
    expect(html).toContain('aria-labelledby="cookies"><table><tr><td>2</td></tr></table></div>');
  });

  it("leaves HTML without tables alone", () => {
    expect(withScrollableTables('<h2 id="a">A</h2><p>Text</p>')).toBe('<h2 id="a">A</h2><p>Text</p>');
  });
});
