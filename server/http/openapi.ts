// The OpenAPI document, generated from the same route declarations and zod schemas the routes
// validate with, and the browsable page at /swagger (Swagger UI served from the npm package).
import { Hono } from "hono";
import { z } from "zod";
// The folder alone: the package's main module would run the whole Swagger UI bundle in the server.
import getAbsoluteFSPath from "swagger-ui-dist/absolute-path.js";
import { join } from "node:path";
import { type AppEnv, audienceOf, requiredPermissions, type RouteDef } from "./route.ts";

/**
 * A schema as JSON Schema. Inputs are described as they are read (`io: "input"`: an id may come as
 * text), results as they are written on the wire (also "input": an instant is its ISO text, the
 * `Date` the handler answers being the schema's output).
 */
function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    // Uploaded files (z.instanceof(File)) are binary parts of a multipart body.
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def;
      if (def.type === "custom") {
        Object.assign(ctx.jsonSchema, { type: "string", format: "binary" });
      }
    },
  }) as Record<string, unknown>;
}

const envelope = (result: Record<string, unknown>) => ({
  type: "object",
  properties: {
    success: { type: "boolean", description: "True when the call succeeded." },
    result: {
      ...result,
      description: [
        "The call's result; null when it failed.",
        typeof result.description === "string" ? result.description : "",
      ].join(" ").trim(),
    },
    error: {
      $ref: "#/components/schemas/ErrorInfo",
      description: "Why the call failed; null when it succeeded.",
    },
    unAuthorizedRequest: {
      type: "boolean",
      description: "True when the call failed for want of a valid sign-in (status 401).",
    },
  },
  required: ["success", "result", "error", "unAuthorizedRequest"],
});

/** Each failure status a route may answer: its response's name and description. */
const FAILURES: Record<number, [name: string, description: string]> = {
  400: [
    "BadRequest",
    "The input is refused: error.validationErrors names each field and why (a field missing, out of range, given twice, or holding control characters).",
  ],
  401: ["Unauthorized", "No valid bearer token (none, expired or signed out): sign in again."],
  403: [
    "Forbidden",
    "The signed-in user may not do this: a permission or the kind of user (staff or supplier) is missing, or the record is not theirs to see.",
  ],
  404: [
    "NotFound",
    "A record the input names (by its id) does not exist, or is not visible to the caller; an export answers it for an empty list.",
  ],
  409: [
    "Conflict",
    "The state of a record does not allow this now (for example a project already published, ended or closed, or a name already taken); error.message says which.",
  ],
  413: ["PayloadTooLarge", "The body or an uploaded file is larger than its limit."],
  415: [
    "UnsupportedMediaType",
    "An uploaded file's type is not accepted: its extension is not allowed, hides a program's extension, or disagrees with its content.",
  ],
  429: [
    "TooManyRequests",
    "Too many attempts from this client or for this account: wait and try again.",
  ],
  503: [
    "ServiceUnavailable",
    "Another system this call needs (ERP, asset system) is not set up or did not answer.",
  ],
  507: ["InsufficientStorage", "The server's storage is full: nothing was kept; try again later."],
};

/** The required top-level fields of an input schema. */
function requiredFields(schema: z.ZodType | undefined): string[] {
  return schema ? (jsonSchema(schema).required as string[] | undefined) ?? [] : [];
}

/** Whether an input names a record by a required id (id, offProId, supplierId, ...). */
const takesRequiredId = (r: RouteDef) =>
  [r.query, r.body, r.form].some((s) => requiredFields(s).some((f) => /^(id|\w+Id)$/.test(f)));

/** Whether a form takes a file (a binary part). */
function takesFile(r: RouteDef): boolean {
  const props = r.form ? jsonSchema(r.form).properties as Record<string, { format?: string }> : {};
  return Object.values(props ?? {}).some((p) => p.format === "binary");
}

/**
 * The failure statuses a route may answer: 400 when it takes input, 401 unless it is public, 403
 * when it needs a permission or a kind of user, 404 when a required id names a record (unless
 * `noNotFound`), 413 for a body or form, 415 and 507 for a file; and those it lists (`errors`).
 */
function errorStatusesOf(r: RouteDef): number[] {
  const statuses = new Set<number>(r.errors);
  if (r.query || r.body || r.form) statuses.add(400);
  if (r.access !== "public") statuses.add(401);
  if (requiredPermissions(r.access) || audienceOf(r) !== "any") statuses.add(403);
  if (takesRequiredId(r) && !r.noNotFound) statuses.add(404);
  if (r.body || r.form) statuses.add(413);
  if (takesFile(r)) [415, 507].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The controllers (the path's middle segment, one OpenAPI tag each) and what their calls are for.
 * A new controller gets its line here: the OpenAPI test fails on a tag without a description.
 */
const TAGS: Record<string, string> = {
  TokenAuth:
    "Signing in: a user name or email and password for a bearer token, and the second factor's code where one is on.",
  TwoFactor:
    "The signed-in user's own two-factor sign-in: its state, enrolling an authenticator app, turning it off.",
  User: "Users of the back-office and the portal: accounts, roles, passwords, own profile.",
  SystemUserExt: "The signed-in user and the permissions granted to them.",
  Role: "Roles and the permissions each grants.",
  Group: "Groups of users.",
  AuditLog: "The audit log: every API call with its user, input and outcome.",
  QuoteRecord: "The tamper-evident record of quote submissions and its verification.",
  FileService: "Attachments and quote files: upload, download, removal.",
  OfferProjectType: "Project categories.",
  OfferProjectManager:
    "Quotation projects (material and asset), buyer side: list, edit, publish, mail suppliers, end, close, rounds, results, comparison and award.",
  SystemCodeType: "The data dictionary: code types, their codes, and exchange rates.",
  Supplier: "Supplier master data: search, edit, import, ERP synchronisation, portal passwords.",
  SupplierOffer: "The supplier portal: projects a supplier is invited to, agreeing, quoting.",
  SystemResource: "System settings (resources) such as reminder hours and upload limits.",
  EmailManager: "Email templates: text in both languages, mechanism, recipients.",
  EmailLog: "The email log (outbox): every email with its status, and resending.",
  UserLeader: "The person in charge of each buyer, copied on their projects' emails.",
  SupplierCertificate: "Supplier certificates and the certificate types projects may require.",
  SupplierPerformance: "Supplier performance figures: response, win and on-time rates.",
  Calendar:
    "The working-day calendar: official holidays and make-up days by year, and their import.",
  AwardApproval:
    "Awards that need approval: proposals, the approver's decision, reassignment and the trail.",
  Savings:
    "Savings in CNY: per project, a report over a period by category (and its .xlsx), the dashboard's last 12 months.",
  Auction:
    "Live reverse auctions, buyer side: set-up from the first quotes, the live view and its event stream, pause, resume, early end.",
  Evaluation:
    "Weighted evaluation with two envelopes: criteria and team, the evaluators' scores, the sign-off that opens the prices, the export.",
};

/** The controller of a route: its path's middle segment (/QMO/Supplier/GetAll → Supplier). */
const controllerOf = (r: RouteDef) => r.path.split("/")[2];

/**
 * The operationId: controller and call name joined by "_" (Supplier_GetAll), since call names such
 * as GetAll repeat across controllers; unique because a path has one method.
 */
const operationIdOf = (r: RouteDef) => `${controllerOf(r)}_${r.path.split("/")[3]}`;

function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const perms = requiredPermissions(r.access);
    const who = r.access === "public"
      ? "Open to anyone."
      : perms
      ? `Needs one of: ${perms.join(", ")}.`
      : "Needs a signed-in user.";
    const audience = audienceOf(r);
    const op: Record<string, unknown> = {
      operationId: operationIdOf(r),
      tags: [controllerOf(r)],
      summary: r.summary,
      description: `${who}${
        audience !== "any" ? ` ${audience === "staff" ? "Staff" : "Supplier"} users only.` : ""
      }`,
      "x-permissions": perms ?? [],
      security: r.access === "public" ? [] : [{ bearer: [] }],
      responses: {
        200: r.stream
          ? {
            description:
              "Server-sent events: each with its id (send the last one back as Last-Event-ID to resume), its type as the event name and JSON data",
            content: { "text/event-stream": { schema: { type: "string" } } },
          }
          : r.binary
          ? {
            description: "The file",
            content: {
              "application/octet-stream": { schema: { type: "string", format: "binary" } },
            },
          }
          : {
            description: "Success",
            content: {
              "application/json": { schema: envelope(r.result ? jsonSchema(r.result) : {}) },
            },
          },
        ...Object.fromEntries(
          errorStatusesOf(r).map((status) => [
            status,
            { $ref: `#/components/responses/${FAILURES[status][0]}` },
          ]),
        ),
      },
    };
    if (r.query) {
      const s = jsonSchema(r.query) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      op.parameters = Object.entries(s.properties ?? {}).map(([name, schema]) => {
        const { description, ...rest } = schema as { description?: string };
        return {
          name,
          in: "query",
          description,
          required: s.required?.includes(name) ?? false,
          schema: rest,
        };
      });
    }
    if (r.body) {
      op.requestBody = {
        required: true,
        content: { "application/json": { schema: jsonSchema(r.body) } },
      };
    }
    if (r.form) {
      op.requestBody = {
        required: true,
        content: { "multipart/form-data": { schema: jsonSchema(r.form) } },
      };
    }
    (paths[`/api/services${r.path}`] ??= {})[r.method] = op;
  }
  const used = [...new Set(routes.map(controllerOf))];
  return {
    openapi: "3.1.0",
    info: {
      title: "QMO API",
      version: "1.0.0",
      description:
        "Time-limited quotation back-office. Input keys are matched without regard to case, and an empty query parameter is the same as one left out; answers are wrapped in { success, result, error, unAuthorizedRequest }. Each operationId is the controller and the call name joined by an underscore (Supplier_GetAll).",
      contact: { name: "The administrators of this QMO installation" },
    },
    // The paths are absolute below the host that serves this document.
    servers: [{ url: "/", description: "The server that serves this document" }],
    tags: used.map((name) => ({ name, ...(TAGS[name] ? { description: TAGS[name] } : {}) })),
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        ErrorInfo: {
          type: ["object", "null"],
          properties: {
            code: { type: "integer", description: "The HTTP status of the failure." },
            message: { type: "string", description: "What went wrong, in the caller's language." },
            details: {
              type: ["string", "null"],
              description: "Each field's problem on a line of its own; null when none.",
            },
            validationErrors: {
              type: ["array", "null"],
              description: "The fields refused, each with its message; null when none.",
              items: {
                type: "object",
                properties: {
                  message: { type: "string", description: "Why the field is refused." },
                  members: {
                    type: "array",
                    description: "The field's name (its path, dotted, inside a list).",
                    items: { type: "string" },
                  },
                },
              },
            },
          },
        },
      },
      responses: Object.fromEntries(
        [...new Set(routes.flatMap(errorStatusesOf))].sort((a, b) => a - b).map((status) => [
          FAILURES[status][0],
          {
            description: FAILURES[status][1],
            content: { "application/json": { schema: envelope({ type: "null" }) } },
          },
        ]),
      ),
    },
    paths,
  };
}

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>QMO API</title>
<link rel="stylesheet" href="/swagger/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/swagger/swagger-ui-bundle.js"></script>
<script src="/swagger/init.js"></script>
</body>
</html>`;

const init =
  `window.ui = SwaggerUIBundle({ url: "/swagger/v1/swagger.json", dom_id: "#swagger-ui", persistAuthorization: true });`;

export function swaggerApp(routes: RouteDef[]) {
  // Described when first asked for: most server processes never are.
  let doc: ReturnType<typeof buildOpenApi> | undefined;
  const dir = getAbsoluteFSPath();
  const app = new Hono<AppEnv>();
  app.get("/v1/swagger.json", (c) => c.json(doc ??= buildOpenApi(routes)));
  app.get("/", (c) => c.html(page));
  app.get("", (c) => c.html(page));
  app.get(
    "/init.js",
    (c) => c.body(init, 200, { "content-type": "text/javascript; charset=utf-8" }),
  );
  for (
    const [file, type] of [["swagger-ui.css", "text/css"], [
      "swagger-ui-bundle.js",
      "text/javascript",
    ]]
  ) {
    app.get(`/${file}`, async (c) => {
      const body = await Deno.readFile(join(dir, file));
      return c.body(body, 200, {
        "content-type": `${type}; charset=utf-8`,
        "cache-control": "public, max-age=86400",
      });
    });
  }
  return app;
}
