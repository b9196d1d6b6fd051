// Small building blocks shared by the back-office and the portal.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons.tsx";
import { dismissMessage, type Message, messages } from "./messages.ts";
import { useStore } from "./store.ts";

const messageStyles = {
  success: "text-emerald-700 bg-emerald-50 ring-emerald-200",
  error: "text-red-700 bg-red-50 ring-red-200",
  warning: "text-amber-800 bg-amber-50 ring-amber-200",
  info: "text-slate-700 bg-white ring-slate-200",
};
const messageIcons = { success: "success", error: "error", warning: "warning", info: "info" };

/** The stack of transient messages at the top of the page. */
export function Messages() {
  const list = useStore(messages);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2"
      aria-live="polite"
    >
      {list.map((m) => <MessageItem key={m.id} message={m} />)}
    </div>
  );
}

/** One message, dismissed `duration` after it is first shown. */
function MessageItem({ message: m }: { message: Message }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismissMessage(m.id), m.duration);
    return () => clearTimeout(timer);
  }, [m.id, m.duration]);
  return (
    <div
      role={m.kind === "error" ? "alert" : "status"}
      data-kind={m.kind}
      className={`pointer-events-auto flex max-w-xl items-start gap-2 rounded-md px-3 py-2 text-sm shadow-md ring-1 ${
        messageStyles[m.kind]
      }`}
    >
      <Icon name={messageIcons[m.kind]} className="mt-0.5 size-4" />
      <span className="break-words">{m.text}</span>
      <button
        type="button"
        className="-mr-1 ml-1 rounded opacity-60 hover:opacity-100"
        aria-label={t("shell.close")}
        onClick={() => dismissMessage(m.id)}
      >
        <Icon name="close" className="size-3.5" />
      </button>
    </div>
  );
}

export function Avatar(
  { src, name, className = "size-8 text-sm" }: {
    src?: string | null;
    name?: string;
    className?: string;
  },
) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        className={`${className} rounded-full object-cover ring-1 ring-slate-200`}
      />
    );
  }
  const initial = (name ?? "?").trim().slice(0, 1).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-flex items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-700`}
    >
      {initial}
    </span>
  );
}

export function Spinner({ className = "size-5" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity=".2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex h-screen items-center justify-center text-primary">
      <Spinner className="size-8" />
    </div>
  );
}
