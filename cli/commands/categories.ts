// categories export: the quotation project categories as an .xlsx file, as the category page's
// Export button writes it.
import type { Command } from "commander";
import { exportCategories } from "../../server/domain/categories/export.ts";
import { exportCategoriesInput } from "../../server/domain/categories/schemas.ts";
import { checkOutputFile, lang, say, withDeps, writeOutputFile } from "../context.ts";

export function registerCategoryCommands(program: Command) {
  const categories = program.command("categories").description(say("help.categories"));

  categories.command("export")
    .description(say("help.categoriesExport"))
    .requiredOption("--out <file>", say("help.optOut"))
    .option("--name <name>", say("help.optCategoryName"))
    .option("--force", say("help.optOverwrite"))
    .action(async (opts: { out: string; name?: string; force?: boolean }) => {
      const input = exportCategoriesInput.parse({ name: opts.name });
      await checkOutputFile(opts.out, opts.force);
      const rows = await withDeps(async (deps) => {
        const file = await exportCategories(deps, input, lang);
        await writeOutputFile(opts.out, file.stream, { force: opts.force });
        return file.rows;
      });
      console.log(say("categoriesExported", { count: rows, file: opts.out }));
    });
}
