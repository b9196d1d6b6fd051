// Import rules checked by `deno task check` (dependency-cruiser): imports run downward,
// db <- server/domain/shared <- server/domain/<area> <- server/http, server/jobs, cli; no cycles.
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
      to: { path: "^(server/(http|jobs|main|serve|worker|bootstrap)|cli|client|bench|tests)/?" },
    },
    {
      name: "shared-knows-no-area",
      comment: "server/domain/shared (time, ids, text) is below every business area.",
      severity: "error",
      from: { path: "^server/domain/shared/" },
      to: { path: "^server/domain/(?!shared/)" },
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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|data)/" },
    tsPreCompilationDeps: true,
  },
};
