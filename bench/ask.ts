// npm run bench:ask — Ask Adhelm's figures (issue 21 §3), on a fresh SQLite database with one
// organization (3 platforms × 8 campaigns × 90 days of spend):
//   - time to first token through the local fake OpenAI-compatible server (tests/support/fake-openai.ts),
//     the whole path: the question kept, the model's tool call, the tool's query, the tool result
//     sent back, then the answer's first token; and the answer's total time;
//   - tool calls per answer (the scripted analyst reads metrics once, a pause takes two calls);
//   - the fallback catalogue's answer time for each of its 20 questions (no model).
// Run: node bench/ask.ts [rounds=20]
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLogger } from "#adapters/logger.ts";
import { userActor } from "#core/access/actor.ts";
import { catalogueSuggestions } from "#core/assistant/catalogue/answer-from-catalogue.ts";
import type { AskEvent } from "#core/assistant/chat/chat-types.ts";
import { openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { startFakeOpenAi } from "#tests/support/fake-openai.ts";
import { testEnv } from "#tests/support/test-env.ts";

const ROUNDS = Number(process.argv[2] ?? 20);

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `median ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))}`;

function daysBack(count: number): string[] {
  const today = new Date();
  return Array.from({ length: count }, (_, index) =>
    new Date(today.getTime() - (index + 1) * 86_400_000).toISOString().slice(0, 10),
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "adhelm-bench-ask-"));
  const database = openDatabase({ sqliteFile: path.join(dataDir, "adhelm.db") });
  const fake = await startFakeOpenAi();
  const logger = createLogger({ level: "silent", isPretty: false });
  try {
    await migrateToLatest(database.db);
    const userId = randomUUID();
    await database.db
      .insertInto("user")
      .values({ id: userId, name: "Bench", email: `${userId}@bench.test`, emailVerified: true })
      .execute();
    const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
      name: "Bench",
      ownerId: userId,
    });
    const days = daysBack(90);
    for (const platform of ["google-ads", "facebook-ads", "tiktok-ads"])
      await seedConnection(database.db, {
        organizationId,
        platform,
        campaigns: Array.from({ length: 8 }, (_, index) => ({
          spend: Object.fromEntries(days.map((date, day) => [date, 5_000 + ((index * 977 + day * 131) % 4_000)])),
        })),
      });
    const actor = userActor({ userId, name: "Bench", organizationId, role: "owner" });
    const env = (overrides: Record<string, string> = {}) => testEnv({ DATA_DIR: dataDir, ...overrides });
    const withModel = createServices({
      env: env({ LLM_BASE_URL: fake.url, LLM_MODEL: "fake-model" }),
      database,
      logger,
    });
    const withoutModel = createServices({ env: env(), database, logger });

    // Time to first token and tool calls per answer, through the fake model.
    const firstTokens: number[] = [];
    const totals: number[] = [];
    const toolCalls: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      let firstToken = 0;
      const message = await withModel.ask.askQuestion(
        actor,
        { question: "How much did we spend in the last 7 days?", language: "en" },
        (event: AskEvent) => {
          if (event.type === "token" && firstToken === 0) firstToken = performance.now() - started;
        },
      );
      firstTokens.push(firstToken);
      totals.push(performance.now() - started);
      toolCalls.push(message.toolCalls.length);
    }
    const pause = await withModel.ask.askQuestion(actor, { question: "pause Campaign 1", language: "en" }, () => {});
    console.log(`Ask with a model (fake OpenAI-compatible server on loopback, ${ROUNDS} answers):`);
    console.log(`  time to first token: ${summary(firstTokens)}`);
    console.log(`  whole answer:        ${summary(totals)}`);
    console.log(
      `  tool calls per answer: ${percentile(toolCalls, 0.5)} for a metrics question, ${pause.toolCalls.length} for a pause (list_campaigns, propose_change)`,
    );

    // The catalogue, without a model: each of the 20 questions, a few times.
    const perQuestion: number[] = [];
    const suggestions = catalogueSuggestions("en");
    for (let round = 0; round < 3; round++)
      for (const suggestion of suggestions) {
        const started = performance.now();
        await withoutModel.ask.askQuestion(actor, { question: suggestion.text, language: "en" }, () => {});
        perQuestion.push(performance.now() - started);
      }
    console.log(`Ask without a model (the catalogue, ${suggestions.length} questions × 3):`);
    console.log(`  answer time: ${summary(perQuestion)}`);
  } finally {
    await fake.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
