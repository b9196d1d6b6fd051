// Import rules checked by `deno task check` (dependency-cruiser): imports run downward,
// db <- server/domain/shared <- server/domain/<area> <- server/http, server/jobs, cli; no cycles.
// Between business areas: files, email < suppliers < projects < quotes < questions, comparison,
// evaluation < auction (docs/architecture.md, "Domain areas and their order").
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "A module must not import itself back through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "db-is-the-bottom",
      comment: "db/ (schema and client) imports nothing of the server, the CLI or the client.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(server|cli|client|bench|tests)/" },
    },
    {
      name: "domain-knows-no-door",
      comment: "server/domain holds the rules; HTTP, jobs, CLI and client sit above it.",
      severity: "error",
      from: { path: "^server/domain/" },
      to: {
        path:
          "^(server/(http|jobs|main|serve|worker|bootstrap|metrics|log)|cli|client|bench|tests)/?",
      },
    },
    {
      name: "shared-knows-no-area",
      comment: "server/domain/shared (time, ids, text) is below every business area.",
      severity: "error",
      from: { path: "^server/domain/shared/" },
      to: { path: "^server/domain/(?!shared/)" },
    },
    {
      name: "files-and-email-below-business",
      comment: "The file store and the outbox are below every area that stores or mails: they " +
        "import no projects, suppliers, quotes, questions, comparison or auction module.",
      severity: "error",
      from: { path: "^server/domain/(files|email)/" },
      to: { path: "^server/domain/(projects|suppliers|quotes|questions|comparison|auction)/" },
    },
    {
      name: "suppliers-below-projects",
      comment: "Suppliers (master data, certificates) are below the projects that invite them.",
      severity: "error",
      from: { path: "^server/domain/suppliers/" },
      to: { path: "^server/domain/(projects|quotes|questions|comparison|auction)/" },
    },
    {
      name: "projects-below-their-stages",
      comment: "A project is below its quotes, questions, comparison and auction.",
      severity: "error",
      from: { path: "^server/domain/projects/" },
      to: { path: "^server/domain/(quotes|questions)/" },
    },
    {
      name: "projects-below-comparison-and-auction",
      comment: "A project is below its comparison and auction. Closing a project, which ends its " +
        "auction and cancels a pending award approval, is the auction area's (closeProject.ts); " +
        "whether an auction is over the project reads from the auctions table (access.ts).",
      severity: "error",
      from: { path: "^server/domain/projects/" },
      to: { path: "^server/domain/(comparison|auction)/" },
    },
    {
      name: "quotes-below-comparison-and-auction",
      comment: "Quotes are below the comparison, the questions and the auction that read them; a " +
        "supplier's project list reads whether it bids in an auction from the auction tables.",
      severity: "error",
      from: { path: "^server/domain/quotes/" },
      to: { path: "^server/domain/(questions|comparison|auction)/" },
    },
    {
      name: "comparison-below-auction",
      comment: "The comparison matrix is below the auction: an auction starts from the matrix's " +
        "first quotes priced in CNY and prices its bids by the matrix's rules. The matrix reads " +
        "an ended auction's final bids from the auction tables (auctionRound.ts), and the award " +
        "that first writes an auction's end by the clock is the auction area's (award.ts).",
      severity: "error",
      from: { path: "^server/domain/comparison/" },
      to: { path: "^server/domain/(auction|questions)/" },
    },
    {
      name: "evaluation-above-quotes-beside-comparison",
      comment: "The weighted evaluation reads the project, its quotes and the matrix's totals; " +
        "nothing below it (projects, quotes, comparison, savings, auction) imports it: the " +
        "prices' seal it adds is said on the project (projects/rules.ts awaitsEvaluation).",
      severity: "error",
      from: {
        path: "^server/domain/(projects|quotes|comparison|savings|auction|files|email|suppliers)/",
      },
      to: { path: "^server/domain/evaluation/" },
    },
    {
      name: "evaluation-not-auction",
      comment: "The weighted evaluation is beside the comparison, below the auction.",
      severity: "error",
      from: { path: "^server/domain/evaluation/" },
      to: { path: "^server/domain/(auction|savings|questions)/" },
    },
    {
      name: "jobs-and-cli-apart-from-http",
      comment: "Each door translates for itself; a door does not call another door.",
      severity: "error",
      from: { path: "^(server/jobs|cli)/" },
      to: { path: "^server/http/" },
    },
    {
      name: "http-not-cli",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^cli/" },
    },
    {
      name: "client-takes-only-contracts",
      comment:
        "The client imports from the server only input schemas, permission names, the upload " +
        "type rules and types (erased at build).",
      severity: "error",
      from: { path: "^client/" },
      to: {
        path: "^(server|db|cli)/",
        pathNot: "^server/domain/(.+/schemas|auth/permissions|files/detect|shared/.+)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "client-areas-apart",
      comment:
        "A back-office feature (client/admin/features/<area>) imports nothing of another area: " +
        "a piece two areas use lives in client/admin/components (or client/shared), and the " +
        "shell (routes.ts) places each area's routes and hands each area's panels (panels.ts) " +
        "to the pages that show them by slot (the dashboard, a project's result page and its " +
        "comparison; layout/panels.tsx).",
      severity: "error",
      from: { path: "^client/admin/features/([^/]+)/" },
      to: { path: "^client/admin/features/", pathNot: "^client/admin/features/$1/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|data)/" },
    tsPreCompilationDeps: true,
  },
};
