// The busy flag and error handling of a button or dialog that runs one request at a time.
import { useCallback, useState } from "react";
import { ApiError } from "./api.ts";
import { t } from "./i18n.ts";
import { message } from "./messages.ts";

/**
 * `const [run, busy] = useAction()`: `run(action, onError?)` sets `busy` while the action runs
 * and answers whether it worked. A failure goes to `onError` (a dialog shows it beside its
 * fields); without one, the API client has already shown a failed call, and any other error is
 * shown as a message.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<unknown>, onError?: (err: unknown) => void) => {
      setBusy(true);
      try {
        await action();
        return true;
      } catch (err) {
        if (onError) onError(err);
        else if (!(err instanceof ApiError)) {
          message.error(err instanceof Error && err.message ? err.message : t("errors.error"));
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return [run, busy] as const;
}
