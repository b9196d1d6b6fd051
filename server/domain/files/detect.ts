// Which files are accepted, told from their first bytes and their name: pure rules shared by the
// server's upload and the file pickers' check before uploading.

/** Bytes kept from the start of an upload to recognise its type. */
export const HEAD_BYTES = 64 * 1024;

const OOXML = {
  word: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xl: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/**
 * The accepted extensions, each with the content type its bytes must have (what detectContentType
 * answers): a file is accepted only when its name's last extension is one of these and agrees with
 * its content. An old Office file (OLE) is told apart by its name, so .doc, .xls and .ppt each
 * take any OLE file.
 */
const TYPE_OF_EXTENSION: Record<string, string> = {
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".doc": "application/msword",
  ".docx": OOXML.word,
  ".xls": "application/vnd.ms-excel",
  ".xlsx": OOXML.xl,
  ".ppt": "application/vnd.ms-powerpoint",
  ".pptx": OOXML.ppt,
  ".zip": "application/zip",
  ".7z": "application/x-7z-compressed",
  ".rar": "application/vnd.rar",
};

/** What the file picker offers; the bytes must agree (see uploadProblem). */
export const ACCEPTED_EXTENSIONS = Object.keys(TYPE_OF_EXTENSION);

/**
 * Extensions of programs, scripts, shortcuts and pages that Windows or a browser would run: never
 * accepted anywhere in a name, so "invoice.exe.pdf" is refused like "invoice.exe".
 */
const RUNNABLE_EXTENSIONS = new Set([
  ".exe",
  ".bat",
  ".cmd",
  ".com",
  ".hta",
  ".js",
  ".jse",
  ".vbs",
  ".vbe",
  ".wsf",
  ".wsh",
  ".msi",
  ".scr",
  ".lnk",
  ".ps1",
  ".html",
  ".htm",
  ".svg",
  ".jar",
  ".reg",
  ".cpl",
  ".pif",
]);

/** A refusal of an upload's name or type: a message key in locales/ and its parameters. */
export type NameProblem = { key: string; params: Record<string, string> };

/**
 * Why an upload named `name` (already cleaned: a last segment, no control characters) whose bytes
 * detectContentType read as `type` is refused, or null when it is accepted: a name must not be
 * empty, must end in an accepted extension, carry no runnable extension before it, and the content
 * must be of a type accepted and agree with the extension. The name's own faults come first (they
 * say more than "not accepted"). Shared by the server's upload and the pickers' check.
 */
export function uploadProblem(name: string, type: string | null): NameProblem | null {
  if (name.trim() === "") return { key: "files.noName", params: {} };
  const segments = name.toLowerCase().split(".").map((x) => x.trim());
  if (segments.length < 2 || segments.at(-1) === "") {
    return { key: "files.noExtension", params: { name } };
  }
  const ext = `.${segments.at(-1)}`;
  if (!Object.hasOwn(TYPE_OF_EXTENSION, ext)) {
    return { key: "files.extensionNotAccepted", params: { name, ext } };
  }
  const hidden = segments.slice(1, -1).map((x) => `.${x}`).find((x) => RUNNABLE_EXTENSIONS.has(x));
  if (hidden) return { key: "files.hiddenExtension", params: { name, ext: hidden } };
  if (!type) return { key: "files.unsupportedType", params: {} };
  if (TYPE_OF_EXTENSION[ext] !== type) return { key: "files.typeMismatch", params: { name, ext } };
  return null;
}

/**
 * The name a stored file is downloaded under: its own when the upload rules accept it for its type,
 * otherwise (a file kept before the rules) without its unaccepted or runnable extensions and with
 * the one of its type, so that what is saved opens as what it is.
 */
export function downloadName(name: string, type: string): string {
  if (!uploadProblem(name, type)) return name;
  const ext = Object.keys(TYPE_OF_EXTENSION).find((e) => TYPE_OF_EXTENSION[e] === type) ?? "";
  const [stem, ...rest] = name.split(".");
  const kept = rest.filter((x) => {
    const e = `.${x.trim().toLowerCase()}`;
    return !RUNNABLE_EXTENSIONS.has(e) && !Object.hasOwn(TYPE_OF_EXTENSION, e);
  });
  return [stem.trim() || "file", ...kept].join(".") + ext;
}

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
