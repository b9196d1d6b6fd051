// The frame of a list page: a card with the query form, the toolbar and the table, evenly spaced.
import type { ReactNode } from "react";

export function ListPage(
  { query, toolbar, children, testId }: {
    query?: ReactNode;
    toolbar?: ReactNode;
    children: ReactNode;
    testId?: string;
  },
) {
  return (
    <div className="card space-y-3 p-4" data-testid={testId}>
      {query}
      {query && toolbar && <div className="border-t border-slate-100" />}
      {toolbar}
      {children}
    </div>
  );
}
