import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Picks an option from one of our select menus the way a keyboard user does: open the menu,
 * move focus to the option and press Enter, then wait until the menu has closed and the field
 * shows the choice. A pointer click on an option deep in a long list (the timezones) can land
 * while the menu's scroll arrows are still moving the list under a loaded machine; focus and
 * Enter do not depend on where the option is drawn.
 */
export async function chooseOption(page: Page, combobox: string, option: string): Promise<void> {
  const field = page.getByRole("combobox", { name: combobox });
  await field.click();
  const listbox = page.getByRole("listbox");
  await listbox.waitFor();
  await listbox.getByRole("option", { name: option, exact: true }).press("Enter");
  await listbox.waitFor({ state: "detached" });
  await expect.poll(() => field.textContent()).toContain(option);
}
