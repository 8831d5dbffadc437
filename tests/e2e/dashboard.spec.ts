import { describe, expect, it } from "vitest";
import { createVerifiedUser, signInAs } from "../support/accounts.ts";
import { setupBrowser } from "../support/browser.ts";

const browser = setupBrowser();

describe("dashboard", () => {
  it("welcomes by first name and shows the profile card with email, name, company and role", async () => {
    const user = await createVerifiedUser({ firstName: "Margaret", lastName: "Hamilton", companyName: "Apollo Ads" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Welcome, Margaret" }).waitFor();
    const card = page.locator("dl");
    const facts = await card.evaluate((list) =>
      [...list.querySelectorAll("div")].map((row) => [
        row.querySelector("dt")?.textContent,
        row.querySelector("dd")?.textContent,
      ]),
    );
    expect(facts).toEqual([
      ["Email", user.email],
      ["Name", "Margaret Hamilton"],
      ["Company", "Apollo Ads"],
      ["Role", "Admin"],
    ]);
    await page.getByText("Next steps", { exact: true }).waitFor();
  });

  it("leaves the company out when there is none", async () => {
    const user = await createVerifiedUser({ firstName: "Alan", companyName: "" });
    const page = await browser.newPage();
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Welcome, Alan" }).waitFor();
    expect(await page.locator("dt", { hasText: "Company" }).count()).toBe(0);
  });
});
