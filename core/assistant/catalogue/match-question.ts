/**
 * Which catalogue question typed text asks: the one whose required concepts it all mentions, scored
 * by what else it mentions that the question is about, less what it mentions that the question is
 * not. The exact text of a suggestion (in any language) always matches its own question.
 */
import type { CatalogueQuestion } from "./catalogue-questions.ts";
import { type Concept, conceptsOf } from "./question-concepts.ts";

export interface QuestionMatch {
  question: CatalogueQuestion;
  score: number;
}

function scoreOf(question: CatalogueQuestion, found: ReadonlySet<Concept>): number {
  const known = new Set<Concept>([...question.requires, ...question.mentions]);
  const missing = question.requires.filter((concept) => !found.has(concept)).length;
  const extra = [...found].filter((concept) => !known.has(concept)).length;
  const optional = question.mentions.filter((concept) => found.has(concept)).length;
  return (question.requires.length - missing) * 3 + optional - extra - missing * 4;
}

/** The questions ranked for this text, best first; `matched` only when one answers it. */
export function rankQuestions(
  questions: readonly CatalogueQuestion[],
  text: string,
): { matched: CatalogueQuestion | null; ranked: QuestionMatch[] } {
  const found = conceptsOf(text);
  const ranked = questions
    .map((question) => ({ question, score: scoreOf(question, found) }))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best || best.score <= 0 || !best.question.requires.every((concept) => found.has(concept)))
    return { matched: null, ranked };
  return { matched: best.question, ranked };
}
