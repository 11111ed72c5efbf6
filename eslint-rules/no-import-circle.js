import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * No import circle, type imports included (issue 38): a file must not import, through any
 * chain of static imports or re-exports, something that imports it back. A type-only
 * import vanishes at run time, but a circle of types still ties two files together that
 * a newcomer must read as one; import-x/no-cycle skips them by design, so this rule counts
 * them. A dynamic import() is exempt: it runs after both files are evaluated (the lazily
 * loaded toaster, dialogs, the S3 SDK), and it is how a lazy chunk is split off.
 *
 * The file being linted is read from its source (so an edit is checked as typed), every
 * other project file from disk, once per lint run.
 */

const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

/** The project file a relative specifier names, or undefined (packages, assets). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => resolve(base, "index" + ext)),
    // TypeScript's ESM style: "./x.js" names x.ts.
    base.replace(/\.js$/, ".ts"),
  ];
  return candidates.find(
    (file) => EXTENSIONS.some((ext) => file.endsWith(ext)) && existsSync(file),
  );
}

/** Static import and export-from specifiers of a source text (types included). */
function specifiersOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** Each file's imported project files, read from disk once (per lint process). */
const importsOnDisk = new Map();
function importsOf(file) {
  let imports = importsOnDisk.get(file);
  if (!imports) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      // A file that vanished imports nothing.
    }
    imports = specifiersOf(file, text)
      .map((specifier) => resolveImport(file, specifier))
      .filter((target) => target !== undefined);
    importsOnDisk.set(file, imports);
  }
  return imports;
}

/** A chain of imports from `start` back to `target`, or undefined. */
function pathBack(start, target) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    for (const next of importsOf(file)) {
      if (next === target) return path;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...path, next]]);
    }
  }
  return undefined;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "No import circle, type-only imports included" },
    schema: [],
    messages: { circle: "Import circle: {{chain}}" },
  },
  create(context) {
    const file = context.filename;
    const cwd = context.cwd;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const target = resolveImport(file, node.source.value);
      if (!target || target === file) return;
      const back = pathBack(target, file);
      if (!back) return;
      const chain = [file, ...back, file].map((f) => relative(cwd, f)).join(" → ");
      context.report({ node, messageId: "circle", data: { chain } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
