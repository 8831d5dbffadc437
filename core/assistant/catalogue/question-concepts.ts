/**
 * How typed text becomes what it asks about: each language's words and phrases for a concept (a
 * metric, a period, a grouping, a topic), matched on normalised text (lower case, no accents, no
 * punctuation). A word matches a stem when it starts with it ("campaigns" matches "campaign").
 */
import type { AskLanguage } from "../chat/chat-types.ts";

export const CONCEPTS = [
  "cpa",
  "roas",
  "spend",
  "conversions",
  "ctr",
  "cpc",
  "revenue",
  "yesterday",
  "last7",
  "last14",
  "last30",
  "thisMonth",
  "lastMonth",
  "platform",
  "day",
  "campaign",
  "pacing",
  "goals",
  "changes",
  "optimizer",
  "paused",
  "none",
  "low",
  "high",
] as const;
export type Concept = (typeof CONCEPTS)[number];

type Lexicon = Partial<Record<Concept, readonly string[]>>;

// Shared across languages: the industry's abbreviations and digits.
const COMMON: Lexicon = {
  cpa: ["cpa", "cac"],
  roas: ["roas", "roi"],
  ctr: ["ctr"],
  cpc: ["cpc"],
  last7: ["7 d", "7d", "seven d", "siete d", "sept j", "7 j", "sieben t", "7 t"],
  last14: ["14 d", "14d", "14 j", "14 t"],
  last30: ["30 d", "30d", "30 j", "30 t"],
};

const LEXICONS: Record<AskLanguage, Lexicon> = {
  en: {
    cpa: ["cost per acquisition", "cost per conversion", "cost per sale", "cost per lead"],
    roas: ["return on ad spend", "return on spend"],
    spend: ["spend", "spent", "spending", "cost", "costs"],
    conversions: ["conversion", "sales", "leads", "purchases"],
    ctr: ["click through", "clickthrough", "click-through"],
    cpc: ["cost per click"],
    revenue: ["revenue", "sales value", "income"],
    yesterday: ["yesterday"],
    last7: ["last week", "this week", "past week", "seven days", "7 days"],
    last14: ["two weeks", "fortnight", "14 days"],
    last30: ["30 days", "thirty days", "past month", "last 30"],
    thisMonth: ["this month", "month to date", "so far this month"],
    lastMonth: ["last month", "previous month"],
    platform: ["platform", "channel", "network", "google", "meta", "facebook", "tiktok", "linkedin", "microsoft"],
    day: ["by day", "per day", "each day", "daily", "every day", "day by day"],
    campaign: ["campaign"],
    pacing: ["pacing", "pace", "budget"],
    goals: ["goal", "target", "on track"],
    changes: ["changed", "change", "happened", "modif", "edited", "who paused"],
    optimizer: ["optimizer", "optimiser", "recommend", "suggest", "advice"],
    paused: ["paused", "stopped", "inactive"],
    none: ["no conversion", "zero conversion", "without conversion", "not convert", "0 conversion", "wasted"],
    low: ["lowest", "worst", "least", "poorest", "low"],
    high: ["highest", "best", "most", "top", "biggest", "largest", "high"],
  },
  es: {
    cpa: ["coste por adquisicion", "costo por adquisicion", "coste por conversion", "costo por conversion"],
    roas: ["retorno"],
    spend: ["gasto", "gastado", "gastamos", "gastaron", "inversion", "coste", "costo"],
    conversions: ["conversion", "ventas", "leads", "compras"],
    ctr: ["tasa de clics", "porcentaje de clics"],
    cpc: ["coste por clic", "costo por clic"],
    revenue: ["ingreso", "facturacion"],
    yesterday: ["ayer"],
    last7: ["ultima semana", "esta semana", "7 dias", "siete dias"],
    last14: ["dos semanas", "14 dias", "catorce dias"],
    last30: ["30 dias", "treinta dias", "ultimo mes"],
    thisMonth: ["este mes", "mes en curso", "lo que va de mes"],
    lastMonth: ["mes pasado", "mes anterior"],
    platform: ["plataforma", "canal", "red", "google", "meta", "facebook", "tiktok", "linkedin", "microsoft"],
    day: ["por dia", "cada dia", "diario", "diaria", "dia a dia"],
    campaign: ["campana", "campanas"],
    pacing: ["ritmo", "presupuesto", "pacing"],
    goals: ["objetivo", "meta ", "metas"],
    changes: ["cambio", "cambi", "paso", "modific"],
    optimizer: ["optimizador", "recomienda", "recomendacion", "sugiere", "sugerencia"],
    paused: ["pausada", "pausadas", "detenida", "inactiva"],
    none: [
      "sin conversion",
      "sin conseguir",
      "sin ninguna",
      "cero conversion",
      "ninguna conversion",
      "no convirt",
      "no han convertido",
    ],
    low: ["mas bajo", "mas baja", "menor", "peor", "minimo"],
    high: ["mas alto", "mas alta", "mayor", "mejor", "mas ", "maximo"],
  },
  fr: {
    cpa: ["cout par acquisition", "cout par conversion", "cout d acquisition"],
    roas: ["retour sur les depenses", "retour sur investissement publicitaire"],
    spend: ["depense", "depenses", "depense", "cout", "budget depense"],
    conversions: ["conversion", "ventes", "leads", "achats"],
    ctr: ["taux de clic"],
    cpc: ["cout par clic"],
    revenue: ["chiffre d affaires", "revenu", "recette"],
    yesterday: ["hier"],
    last7: ["semaine derniere", "cette semaine", "7 jours", "sept jours"],
    last14: ["deux semaines", "14 jours", "quinze jours"],
    last30: ["30 jours", "trente jours", "dernier mois"],
    thisMonth: ["ce mois", "mois en cours", "depuis le debut du mois"],
    lastMonth: ["mois dernier", "mois precedent"],
    platform: ["plateforme", "canal", "reseau", "google", "meta", "facebook", "tiktok", "linkedin", "microsoft"],
    day: ["par jour", "chaque jour", "quotidien", "jour par jour"],
    campaign: ["campagne"],
    pacing: ["rythme", "budget", "pacing"],
    goals: ["objectif", "cible"],
    changes: ["change", "modifi", "passe", "arrive"],
    optimizer: ["optimiseur", "recommand", "conseil", "suggere", "suggestion"],
    paused: ["en pause", "pausee", "arretee", "inactive"],
    none: ["sans conversion", "aucune conversion", "zero conversion", "pas converti"],
    low: ["plus bas", "plus faible", "pire", "moins", "minimum"],
    high: ["plus eleve", "plus haut", "meilleur", "plus ", "maximum"],
  },
  de: {
    cpa: ["kosten pro akquisition", "kosten pro conversion", "kosten pro konversion"],
    roas: ["werbeertrag", "return on ad spend"],
    spend: ["ausgaben", "ausgegeben", "kosten", "spend"],
    conversions: ["conversion", "konversion", "verkaeufe", "verkaufe", "leads", "kaeufe"],
    ctr: ["klickrate", "durchklickrate"],
    cpc: ["kosten pro klick"],
    revenue: ["umsatz", "ertrag", "einnahmen"],
    yesterday: ["gestern"],
    last7: ["letzte woche", "diese woche", "7 tage", "sieben tage", "letzten 7"],
    last14: ["zwei wochen", "14 tage"],
    last30: ["30 tage", "dreissig tage", "letzten 30"],
    thisMonth: ["diesen monat", "dieser monat", "diesem monat", "laufenden monat", "bisher im monat"],
    lastMonth: ["letzten monat", "letzter monat", "letzte monat", "vormonat", "vorigen monat"],
    platform: ["plattform", "kanal", "netzwerk", "google", "meta", "facebook", "tiktok", "linkedin", "microsoft"],
    day: ["pro tag", "je tag", "taglich", "taeglich", "jeden tag", "nach tag"],
    campaign: ["kampagne"],
    pacing: ["tempo", "budget", "pacing"],
    goals: ["ziel", "im plan"],
    changes: ["geaendert", "geandert", "aenderung", "anderung", "passiert"],
    optimizer: ["optimierer", "empfiehlt", "empfehlung", "vorschlag", "rat"],
    paused: ["pausiert", "gestoppt", "inaktiv"],
    none: ["keine conversion", "ohne conversion", "keine konversion", "ohne konversion", "null conversion"],
    low: ["niedrigst", "schlechtest", "geringst", "wenigst"],
    high: ["hochst", "hoechst", "best", "meist", "grosst", "meisten"],
  },
};

/** Lower case, accents and punctuation removed, spaces collapsed; ß → ss, ä → a. */
export function normalizeText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replaceAll("ß", "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

function mentions(normalized: string, phrase: string): boolean {
  const needle = normalizeText(phrase).trimEnd();
  // A phrase matches at a word's start; a trailing space in the lexicon ("mas ") asks for a whole word.
  return normalized.includes(phrase.endsWith(" ") ? `${needle} ` : needle);
}

/** The concepts a question's text mentions, in any of the four languages. */
export function conceptsOf(text: string): Set<Concept> {
  const normalized = normalizeText(text);
  const found = new Set<Concept>();
  for (const lexicon of [COMMON, ...Object.values(LEXICONS)])
    for (const [concept, phrases] of Object.entries(lexicon) as [Concept, readonly string[]][])
      if (phrases.some((phrase) => mentions(normalized, phrase))) found.add(concept);
  // "No conversions" is not a question about the conversions count.
  if (found.has("none")) found.delete("conversions");
  return found;
}
