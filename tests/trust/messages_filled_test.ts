// Every message the server raises is shown with its placeholders filled. The server's code is read
// with the TypeScript parser: each call that raises or renders a message with a key written out
// (fieldError, conflict, forbidden, tooMany, unauthorized, refuse, phrase, t, new DomainError, and
// `{ messageKey, params }` objects) is rendered in both languages with the parameters it passes,
// and no "{{" may be left.
import assert from "node:assert/strict";
import ts from "typescript";
import { join } from "node:path";
import { describeError, t } from "../../server/i18n.ts";
import * as raise from "../../server/domain/errors.ts";

/** For each function that takes a message key: where its key and its parameters are. */
const CALLS: Record<string, { key: number; params: number }> = {
  fieldError: { key: 1, params: 2 },
  conflict: { key: 0, params: 1 },
  forbidden: { key: 0, params: 1 },
  tooMany: { key: 0, params: 1 },
  unauthorized: { key: 0, params: 1 },
  refuse: { key: 0, params: 1 },
  phrase: { key: 0, params: 1 },
  t: { key: 1, params: 2 },
  DomainError: { key: 1, params: 2 },
};

/** The TypeScript files under a folder. */
async function* walk(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* walk(path);
    else if (path.endsWith(".ts")) yield path;
  }
}

type Use = { where: string; call: string; key: string; params: string[] | null };

/** The names an object literal passes, or null when it cannot be told (a spread, a variable). */
function namesOf(node: ts.Expression | undefined): string[] | null {
  if (!node) return [];
  if (!ts.isObjectLiteralExpression(node)) return null;
  const names: string[] = [];
  for (const p of node.properties) {
    if (ts.isSpreadAssignment(p)) return null;
    if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) names.push(p.name.text);
    else return null;
  }
  return names;
}

const literal = (node: ts.Node | undefined) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

function usesIn(path: string, text: string): Use[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const uses: Use[] = [];
  const visit = (node: ts.Node) => {
    const where = () => `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : "";
      const spec = Object.hasOwn(CALLS, name) ? CALLS[name] : undefined;
      const args = node.arguments ?? [];
      const key = spec && literal(args[spec.key]);
      if (spec && key && key.includes(".")) {
        const params = namesOf(args[spec.params]);
        uses.push({ where: where(), call: name, key, params });
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (n: string) =>
        node.properties.find((p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === n
        );
      const key = literal(prop("messageKey")?.initializer);
      if (key) {
        const given = node.properties.some((p) =>
          p.name && ts.isIdentifier(p.name) && p.name.text === "params"
        );
        const params = prop("params") ? namesOf(prop("params")!.initializer) : given ? null : [];
        uses.push({ where: where(), call: "t", key, params });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return uses;
}

/**
 * The message as a reader gets it: raised through the server's own function where it raises one
 * (so the parameters that function adds count), else translated with the parameters written.
 */
function render(lang: "en" | "zh", use: Use, params: Record<string, unknown>): string {
  const raised = use.call === "fieldError"
    ? raise.fieldError("someField", use.key, params)
    : ["conflict", "forbidden", "tooMany", "unauthorized"].includes(use.call)
    ? raise[use.call as "conflict"](use.key, params)
    : null;
  return raised ? describeError(lang, raised).message : t(lang, use.key, params);
}

Deno.test("every message the server raises with a written-out key exists and has its placeholders filled, in both languages", async () => {
  const uses: Use[] = [];
  for await (const path of walk("server")) {
    uses.push(...usesIn(path, await Deno.readTextFile(path)));
  }
  const checked = uses.filter((u) => u.params !== null);
  assert.ok(checked.length > 200, `only ${checked.length} messages found: is the parser blind?`);
  const problems: string[] = [];
  for (const use of checked) {
    const params = Object.fromEntries(use.params!.map((n) => [n, n === "count" ? 2 : "X"]));
    if (t("en", use.key, params) === use.key) {
      problems.push(`${use.where}: no message "${use.key}"`);
      continue;
    }
    for (const lang of ["en", "zh"] as const) {
      const text = render(lang, use, params);
      if (text.includes("{{")) problems.push(`${use.where}: ${lang} "${use.key}" left ${text}`);
    }
  }
  assert.deepEqual(problems, []);
});
