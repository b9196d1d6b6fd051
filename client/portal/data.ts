// The portal's calls to QMO/SupplierOffer (quotes and questions), the upload with progress, the
// checks made before an upload, and the countdown that follows the server's clock.
import { useEffect } from "react";
import {
  api,
  API_ROOT,
  API_TIMEOUT,
  ApiError,
  type ApiErrorBody,
  httpErrorMessage,
} from "../shared/api.ts";
import { getToken } from "../shared/auth.ts";
import { i18n, t } from "../shared/i18n.ts";
import { createStore, useStore } from "../shared/store.ts";
import type { Wire } from "../shared/wire.ts";
import { detectContentType, HEAD_BYTES, uploadProblem } from "../../server/domain/files/detect.ts";
import type {
  instruction,
  MyProjectDetail,
  MyProjectDto,
} from "../../server/domain/quotes/service.ts";
import type { QuoteDto, quoteForm } from "../../server/domain/quotes/submit.ts";
import type { PriceSheetPreview } from "../../server/domain/quotes/priceSheetRead.ts";
import type {
  SupplierQuestionDto,
  SupplierQuestionsDto,
} from "../../server/domain/questions/supplier.ts";
import { closingOf } from "../../server/domain/shared/closing.ts";
import type { CommercialOption } from "../../server/domain/dictionary/commercial.ts";

/** A choice of the data dictionary (a decline's reason). */
export type CodeOption = CommercialOption;

/** A project as this supplier's list shows it, with its status for the supplier. */
export type MyProject = Wire<MyProjectDto>;
export type QuoteStatus = MyProject["status"];
/** One project as this supplier may read it: header, line items, attachments, rounds, versions. */
export type ProjectDetail = Wire<MyProjectDetail>;
/** One of the supplier's submissions, with its receipt in the tamper-evident record. */
export type Quote = Wire<QuoteDto>;
export type Receipt = NonNullable<Quote["receipt"]>;
/** My questions on a project and the public answers, with whether I may ask now. */
export type Questions = Wire<SupplierQuestionsDto>;
export type MyQuestion = Wire<SupplierQuestionDto>;
/** The instructions to agree to before quoting, and the upload limit. */
export type Instruction = Wire<Awaited<ReturnType<typeof instruction>>>;
/** What pricing the lines needs: the items, the dictionary's codes and the latest lines. */
export type QuoteForm = Wire<Awaited<ReturnType<typeof quoteForm>>>;
/** A filled price sheet read back: the lines a submission would store, row by row. */
export type SheetPreview = Wire<PriceSheetPreview>;

const base = "/QMO/SupplierOffer";

/**
 * When this supplier's quoting closes: its round's end, the buyer's end by hand, the early end or
 * the deadline.
 */
export const closingFor = (p: MyProject) =>
  closingOf({
    deadline: p.offerEndTime,
    firstClosesAt: p.firstClosesAt,
    endedByHandAt: p.endedByHandAt,
    round: p.round,
    roundEndsAt: p.round ? p.closesAt : null,
  });

/** Remembers when an answer arrived, so "seconds left" (server clock) becomes a local instant. */
export type Timed<T> = T & { endsAt: number };
const timed = <T extends { secondsLeft: number }>(x: T): Timed<T> => ({
  ...x,
  endsAt: Date.now() + x.secondsLeft * 1000,
});

export const portalApi = {
  projects: async () => {
    const r = await api.get<{ items: MyProject[]; totalCount: number }>(`${base}/GetAll`, {
      MaxResultCount: 1000,
    }, { silent: true });
    return r.items.map(timed);
  },
  project: async (offProId: number) =>
    timed(await api.get<ProjectDetail>(`${base}/Get`, { offProId }, { silent: true })),
  instruction: (offProId: number) =>
    api.get<Instruction>(`${base}/GetInstruction`, { offProId }, { silent: true }),
  agree: (offProId: number) => api.post<{ agreedAt: string }>(`${base}/Agree`, { offProId }),
  declineReasons: () =>
    api.get<{ items: CodeOption[] }>(`${base}/GetDeclineReasons`, {}, { silent: true })
      .then((r) => r.items),
  decline: (offProId: number, reason: string, text?: string) =>
    api.post<unknown>(`${base}/Decline`, { offProId, reason, text }, { silent: true }),
  withdrawDecline: (offProId: number) => api.post<unknown>(`${base}/WithdrawDecline`, { offProId }),
  quotes: (offProId: number) =>
    api.get<{ items: Quote[] }>(`${base}/GetMyQuotes`, { offProId }, { silent: true })
      .then((r) => r.items),
  quoteForm: (offProId: number) =>
    api.get<QuoteForm>(`${base}/GetQuoteForm`, { offProId }, { silent: true }),
  download: (id: number) => api.download("/QMO/FileService/GetFileStream", { id }),
  priceSheet: (offProId: number) => api.download(`${base}/GetPriceSheet`, { offProId }),
  /** Reads a filled price sheet back; nothing is saved. A refusal comes back as an ApiError. */
  readPriceSheet: (offProId: number, file: File) => {
    const form = new FormData();
    form.set("offProId", String(offProId));
    form.set("file", file);
    return api.post<SheetPreview>(`${base}/ReadPriceSheet`, form, { silent: true });
  },
  /** An alternative's datasheet, named on its line when the quote is submitted. */
  uploadDatasheet: (offProId: number, file: File) => {
    const form = new FormData();
    form.set("offProId", String(offProId));
    form.set("file", file);
    return api.post<{ id: number; fileName: string }>(`${base}/UploadDatasheet`, form, {
      silent: true,
    });
  },
  questions: async (offProId: number) =>
    timed(await api.get<Questions>(`${base}/GetQuestions`, { offProId }, { silent: true })),
  /** A question with an optional attachment; the server's refusal comes back as an ApiError. */
  ask: (offProId: number, text: string, file: File | null) => {
    const form = new FormData();
    form.set("offProId", String(offProId));
    form.set("text", text);
    if (file) form.set("file", file);
    return api.post<MyQuestion>(`${base}/AskQuestion`, form, { silent: true });
  },
};

/** A ticking "now" shared by every countdown on the page (one timer for all of them). */
const clock = createStore(Date.now());
let ticking = 0;
let timer: ReturnType<typeof setInterval> | undefined;
export function useNow(): number {
  useEffect(() => {
    if (ticking++ === 0) timer = setInterval(() => clock.set(Date.now()), 1000);
    return () => {
      if (--ticking === 0) clearInterval(timer);
    };
  }, []);
  return useStore(clock);
}

/** Seconds left before a local instant, never below zero. */
export const secondsUntil = (endsAt: number, now: number) =>
  Math.max(0, Math.ceil((endsAt - now) / 1000));

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The server's own rules, applied before sending: not empty, within the upload limit, a type the
 * server recognises from the first bytes, and a name that ends in that type's extension with no
 * program extension inside it. Answers the server's message, or null when fine.
 */
export async function checkFile(file: File, maxUploadMb: number): Promise<string | null> {
  if (file.size === 0) return t("files.empty");
  if (file.size > maxUploadMb * 1024 * 1024) return t("files.tooLarge", { max: maxUploadMb });
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const problem = uploadProblem(file.name, detectContentType(head, file.name));
  return problem && t(problem.key, problem.params);
}

/**
 * Submit with upload progress (fetch cannot report it): the envelope is read as the API client
 * reads it, and a refusal carries the server's localised message.
 */
export function submitQuote(
  input: {
    offProId: number;
    round: number;
    file: File;
    lines?: Record<string, unknown>[];
    /** The request version on screen: a newer one makes the server refuse, so it is read first. */
    packVersion?: number | null;
  },
  onProgress: (fraction: number) => void,
): Promise<Quote> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set("offProId", String(input.offProId));
    form.set("round", String(input.round));
    form.set("file", input.file);
    if (input.packVersion) form.set("packVersion", String(input.packVersion));
    // Priced lines travel beside the file as one JSON field.
    if (input.lines?.length) form.set("lines", JSON.stringify(input.lines));
    const xhr = new XMLHttpRequest();
    const path = `${API_ROOT}${base}/Submit`;
    xhr.open("POST", path);
    xhr.timeout = Math.max(API_TIMEOUT, 10 * 60_000);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("accept-language", i18n.language);
    const token = getToken();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      // deno-lint-ignore no-explicit-any
      let json: any;
      try {
        json = JSON.parse(xhr.responseText);
      } catch { /* not JSON: fall back to the status's message */ }
      if (xhr.status >= 200 && xhr.status < 300 && json?.success) {
        onProgress(1);
        return resolve(json.result as Quote);
      }
      const body: ApiErrorBody | undefined = json?.error ?? undefined;
      reject(
        new ApiError(
          body?.message || httpErrorMessage(xhr.status, path),
          xhr.status,
          body,
          xhr.status === 401,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(t("shell.api.network"), 0));
    xhr.ontimeout = () =>
      reject(new ApiError(t("shell.api.timeout", { seconds: xhr.timeout / 1000 }), 0));
    xhr.send(form);
  });
}
