import assert from "node:assert/strict";
import {
  contentDisposition,
  detectContentType,
  sanitizeFileName,
} from "../../server/domain/files/service.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p),
  );

Deno.test("file types are recognised from their first bytes", () => {
  const zipHead = (name: string) => [...bytes([0x50, 0x4b, 0x03, 0x04], "\0".repeat(26), name)];
  const cases: [Uint8Array, string | null, string?][] = [
    [bytes("%PDF-1.4"), "application/pdf"],
    [bytes([0x89], "PNG\r\n\x1a\n"), "image/png"],
    [bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    [bytes("GIF89a"), "image/gif"],
    [bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    [bytes("II*\0"), "image/tiff"],
    [bytes("MM\0*"), "image/tiff"],
    [
      bytes(zipHead("[Content_Types].xml"), "word/document.xml"),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      bytes(zipHead("[Content_Types].xml"), "xl/workbook.xml"),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ],
    [new Uint8Array(zipHead("readme.txt")), "application/zip"],
    [
      bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      "application/vnd.ms-excel",
      "价格.xls",
    ],
    [bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "application/msword", "a.doc"],
    [bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), "application/x-7z-compressed"],
    [bytes("Rar!\x1a\x07\x01\0"), "application/vnd.rar"],
    [bytes("<html><script>"), null, "x.pdf"],
    [bytes("MZ"), null, "x.zip"],
    [bytes("RIFF", [0, 0, 0, 0], "WAVE"), null],
  ];
  for (const [head, want, name] of cases) {
    assert.equal(detectContentType(head, name), want, String(name ?? want));
  }
});

Deno.test("file names keep only their last segment; downloads carry the UTF-8 name", () => {
  assert.equal(sanitizeFileName("../../etc/passwd"), "passwd");
  assert.equal(sanitizeFileName("C:\\Users\\张\\报价单.pdf"), "报价单.pdf");
  assert.equal(sanitizeFileName("a\u0000b\n.pdf"), "ab.pdf");
  assert.equal(sanitizeFileName(".."), "", "nothing left: refused as a file without a name");
  assert.equal(
    contentDisposition('报价 "final".pdf'),
    `attachment; filename="__ _final_.pdf"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7%20%22final%22.pdf`,
  );
});
