/**
 * Reads the parts of a zip container (Word, PowerPoint and OpenDocument files are zips of XML) under
 * bounds that hold whatever the file claims: the central directory's entry count is capped before
 * anything is inflated, and every part is inflated by zlib with `maxOutputLength`, so a part that
 * unpacks to more than the budget left fails while inflating (declared sizes are never trusted: a
 * zip bomb declares small ones). Only parts asked for are inflated; images and the like never are.
 */
import { inflateRawSync } from "node:zlib";
import { FormatFailure, damaged } from "./types.ts";

/** Entries in one container. A 300-slide deck has some 1,500; a file with far more is built to hurt. */
export const MAX_ZIP_ENTRIES = 10_000;
/**
 * Bytes all parts read from one container may unpack to: a deck's many slides, or a document's parts
 * (each at most xml.ts's MAX_XML_PART_BYTES, 16 MB: parsing is what costs memory, some ten times the
 * text, and the scan worker's heap is 256 MB).
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes and may carry a comment of up to 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  localOffset: number;
}

export interface ZipArchive {
  /** Entries by name (the first of duplicates). */
  entries: Map<string, ZipEntry>;
  /** Inflates one part, counting it against the archive's budget. Undefined when there is no such entry. */
  read(name: string): Uint8Array | undefined;
  /** The same, decoded as UTF-8 text. */
  text(name: string): string | undefined;
}

export const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

export function openZip(bytes: Uint8Array, budget = MAX_UNPACKED_BYTES): ZipArchive {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = centralDirectory(bytes, view);
  let left = budget;
  const read = (name: string): Uint8Array | undefined => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    if (entry.encrypted) throw new FormatFailure(422, "This file is password-protected. Remove the password and upload it again.");
    const data = entryData(bytes, view, entry);
    let out: Uint8Array;
    if (entry.method === 0) {
      if (data.length > left) throw tooBig(budget);
      out = data;
    } else if (entry.method === 8) {
      try {
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) throw tooBig(budget);
        throw damaged("zip", `part ${name} does not inflate`, error);
      }
      if (out.length > left) throw tooBig(budget);
    } else throw damaged("zip", `part ${name} is packed in a way Office files never are (method ${entry.method})`);
    left -= out.length;
    return out;
  };
  return {
    entries,
    read,
    text(name) {
      const data = read(name);
      return data && new TextDecoder().decode(data);
    },
  };
}

const tooBig = (budget: number) =>
  new FormatFailure(422, `This file unpacks to more than ${budget / 1024 / 1024} MB of text and markup, the limit for one file.`);

function centralDirectory(bytes: Uint8Array, view: DataView): Map<string, ZipEntry> {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - EOCD_SEARCH); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged("zip", "its zip archive is incomplete (was the download interrupted?)");
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (offset + size > end) throw damaged("zip", "its zip archive's directory is out of place");
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let count = 0;
  // Walked by the directory's size, not its entry count: the count is 16 bits and may be capped at 65,535.
  for (let at = offset; at < offset + size; ) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw damaged("zip", "its zip archive's directory is broken");
    if (++count > MAX_ZIP_ENTRIES) {
      throw new FormatFailure(422, `This file holds more than ${MAX_ZIP_ENTRIES.toLocaleString("en-US")} parts, the limit for one document.`);
    }
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) throw damaged("zip", "its zip archive's directory is broken");
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (!entries.has(name)) {
      entries.set(name, {
        name,
        method: view.getUint16(at + 10, true),
        encrypted: (view.getUint16(at + 8, true) & 1) === 1,
        compressedSize: view.getUint32(at + 20, true),
        localOffset: view.getUint32(at + 42, true),
      });
    }
    at = next;
  }
  return entries;
}

function entryData(bytes: Uint8Array, view: DataView, entry: ZipEntry): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw damaged("zip", `part ${entry.name} is missing`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > bytes.length) throw damaged("zip", `part ${entry.name} is cut short`);
  return bytes.subarray(start, stop);
}
