// The bidders' pages of the auction bench, in a worker of their own so that reading 200 event
// streams does not hold up the bidders' requests (whose times are measured): told the server, the
// tokens and the project, it follows every stream until told to stop, then answers, per page, how
// many events it got, how many distinct, whether it saw the end, and the last view it was sent.
type View = { lines: { own: { amount: string; rank: number } }[] };
type Page = { ids: number[]; view: View | null; ended: boolean; error: string };

const pages: Page[] = [];
const ctrl = new AbortController();

async function follow(base: string, token: string, projectId: number, page: Page) {
  try {
    const res = await fetch(
      `${base}/api/services/QMO/SupplierOffer/AuctionEvents?offProId=${projectId}&after=0`,
      { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal },
    );
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      for (let end; (end = text.indexOf("\n\n")) >= 0;) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const id = block.match(/^id: (\d+)$/m)?.[1];
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (!id || !data) continue;
        page.ids.push(Number(id));
        const e = JSON.parse(data);
        if (e.view) page.view = e.view;
        if (e.type === "ended") page.ended = true;
      }
    }
  } catch (err) {
    if (!ctrl.signal.aborted) page.error = String(err);
  }
}

self.onmessage = (e: MessageEvent) => {
  const m = e.data;
  if (m.type === "start") {
    for (const token of m.tokens as string[]) {
      const page: Page = { ids: [], view: null, ended: false, error: "" };
      pages.push(page);
      follow(m.base, token, m.projectId, page);
    }
  } else if (m.type === "ended?") {
    self.postMessage({ type: "ended", all: pages.every((p) => p.ended || p.error) });
  } else if (m.type === "stop") {
    ctrl.abort();
    self.postMessage({
      type: "pages",
      pages: pages.map((p) => ({
        events: p.ids.length,
        distinct: new Set(p.ids).size,
        ended: p.ended,
        error: p.error,
        own: p.view?.lines[0]?.own ?? null,
      })),
    });
  }
};
