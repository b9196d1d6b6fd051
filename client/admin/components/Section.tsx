// A titled card of a read-only page, and a label with its value in its header grid.
import type { ReactNode } from "react";

/** A label and its value in a read-only header grid. */
export function Field(
  { label, children, wide }: { label: string; children: ReactNode; wide?: boolean },
) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2 lg:col-span-3" : ""}`}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 min-h-5 text-sm break-words text-slate-900">
        {children === null || children === undefined || children === ""
          ? <span className="text-slate-300">—</span>
          : children}
      </dd>
    </div>
  );
}

export function Section(
  { title, extra, children, testId }: {
    title: ReactNode;
    extra?: ReactNode;
    children: ReactNode;
    testId?: string;
  },
) {
  return (
    <section className="card p-4" data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
