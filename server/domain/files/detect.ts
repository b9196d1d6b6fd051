// Which files are accepted, told from their first bytes: a pure rule shared by the server's upload
// and the portal's check before uploading.

/** Bytes kept from the start of an upload to recognise its type. */
export const HEAD_BYTES = 64 * 1024;

/** What the file picker offers; the bytes decide (see detectContentType). */
export const ACCEPTED_EXTENSIONS = [
  ".pdf",
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".tif",
  ".tiff",
  ".doc",
  ".docx",
  ".xls",
  ".xlsx",
  ".ppt",
  ".pptx",
  ".zip",
  ".7z",
  ".rar",
];

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function containsAscii(b: Uint8Array, s: string): boolean {
  const needle = ascii(s);
  outer: for (let i = 0; i + needle.length <= b.length; i++) {
    for (let j = 0; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const OOXML = {
  word: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xl: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/**
 * The content type of a file from its first bytes: PDF, PNG, JPEG, GIF, WEBP, TIFF, Office documents
 * (OOXML and the old OLE format) and zip / 7z / rar archives. Anything else answers null. The name
 * only refines an old Office file, whose container does not say whether it is a .doc or an .xls.
 */
export function detectContentType(head: Uint8Array, fileName = ""): string | null {
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "image/gif";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return "image/tiff";
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    if (containsAscii(head, "[Content_Types].xml")) {
      for (const [dir, type] of Object.entries(OOXML)) {
        if (containsAscii(head, `${dir}/`)) return type;
      }
    }
    return "application/zip";
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const ext = fileName.toLowerCase().split(".").pop();
    if (ext === "xls") return "application/vnd.ms-excel";
    if (ext === "ppt") return "application/vnd.ms-powerpoint";
    return "application/msword";
  }
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return "application/x-7z-compressed";
  if (startsWith(head, ascii("Rar!\x1a\x07"))) return "application/vnd.rar";
  return null;
}
