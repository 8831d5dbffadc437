/**
 * Typed text finds its catalogue question: each of the 20 questions in each of the four languages
 * (by what it mentions, not only its exact words), rephrasings, and text the catalogue cannot answer.
 */
import { describe, expect, it } from "vitest";
import { ASK_LANGUAGES } from "../chat/chat-types.ts";
import { catalogueSuggestions, matchCatalogueQuestion } from "./answer-from-catalogue.ts";
import { CATALOGUE_QUESTIONS } from "./catalogue-questions.ts";
import { rankQuestions } from "./match-question.ts";

describe("the catalogue's questions", () => {
  it("are 20, each with its own words in every language", () => {
    expect(CATALOGUE_QUESTIONS).toHaveLength(20);
    for (const language of ASK_LANGUAGES) {
      const texts = catalogueSuggestions(language).map((suggestion) => suggestion.text);
      expect(new Set(texts).size, language).toBe(20);
    }
  });

  it.each(ASK_LANGUAGES)("each question in %s is recognised by what it mentions", (language) => {
    for (const suggestion of catalogueSuggestions(language)) {
      const { matched } = rankQuestions(CATALOGUE_QUESTIONS, suggestion.text);
      expect(matched?.id, `${language}: ${suggestion.text}`).toBe(suggestion.id);
      expect(matchCatalogueQuestion(suggestion.text.toUpperCase()).matched?.id).toBe(suggestion.id);
    }
  });

  it.each([
    ["which campaign has the worst CPA this week", "highestCpa7Days"],
    ["are we pacing our budget ok?", "spendPacing"],
    ["what happened yesterday", "changedYesterday"],
    ["best ROAS platform", "bestRoasPlatform"],
    ["daily spend last 30 days", "spendByDay30Days"],
    ["campaigns with zero conversions", "spentWithoutConversions"],
    ["any recommendations from the optimiser?", "optimizerRecommendations"],
    ["Welche Kampagnen haben keine Conversions?", "spentWithoutConversions"],
    ["¿qué cambió ayer?", "changedYesterday"],
    ["Quelle plateforme a le meilleur ROAS ?", "bestRoasPlatform"],
  ])("matches “%s”", (text, id) => {
    expect(matchCatalogueQuestion(text).matched?.id).toBe(id);
  });

  it("leaves text it cannot answer unmatched and offers the closest questions", () => {
    const { matched, closest } = matchCatalogueQuestion("Write me a poem about the sea");
    expect(matched).toBeNull();
    expect(closest).toHaveLength(3);
  });
});
