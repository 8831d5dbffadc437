// The floor plan's rules (docs/ARCHITECTURE.md, "Layers"), checked by `npm run lint`.
// Top to bottom: server (HTTP entry, composition root) → app (routes, UI) → core (domain, use cases,
// ports) ← connectors, adapters (implementations of core's ports). simulator/ is a separate program.
// Tests, test support, benches and scripts may import anything.
const TESTS = "(^tests/|^bench/|^scripts/|\\.test\\.tsx?$|\\.contract\\.ts$|-test-(fixture|kit)\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle makes two rooms one: neither can change or load without the other.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-is-the-bottom",
      comment: "core holds the domain and the ports it needs; it never reaches up or out to who implements them.",
      severity: "error",
      from: { path: "^core/", pathNot: TESTS },
      to: { path: "^(server|app|connectors|adapters|simulator)/" },
    },
    {
      name: "connectors-implement-core",
      comment:
        "A connector speaks one platform's HTTP for core's connector port; it knows nothing of the app or the sandbox.",
      severity: "error",
      from: { path: "^connectors/", pathNot: TESTS },
      to: { path: "^(server|app|adapters|simulator)/" },
    },
    {
      name: "adapters-implement-core",
      comment:
        "An adapter (mail, files, jobs, outbound HTTP) implements a core port and knows no platform, page or server.",
      severity: "error",
      from: { path: "^adapters/", pathNot: TESTS },
      to: { path: "^(server|app|connectors|simulator)/" },
    },
    {
      name: "app-uses-core-only",
      comment:
        "Routes and UI call core through the services server/ puts in the request context; they never import the server or an implementation.",
      severity: "error",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^(server|simulator|connectors|adapters)/" },
    },
    {
      name: "simulator-is-a-separate-program",
      comment:
        "The sandbox stands in for the outside world: it speaks the platforms' HTTP and shares none of our internals.",
      severity: "error",
      from: { path: "^simulator/", pathNot: TESTS },
      to: { path: "^(server|app|core|connectors|adapters)/" },
    },
    {
      name: "migrations-are-frozen",
      comment: "A migration carries its own SQL: changing live code must never change what an old migration does.",
      severity: "error",
      from: { path: "^core/db/migrations/", pathNot: TESTS },
      to: { path: "^(?!node_modules/)", pathNot: "^core/db/migrations/" },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API yet; swc parses TS and TSX and reports type-only imports
    // too, so tsPreCompilationDeps (which asks for tsc) is not needed to see type-only circles.
    parser: "swc",
    tsPreCompilationDeps: false,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|data|test-results)/" },
    moduleSystems: ["es6", "cjs"],
  },
};
