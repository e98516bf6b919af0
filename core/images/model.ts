// Pictures placed on a sheet (an Excel file's logos and photos): where they sit (a cell and an
// offset in pixels inside it), their size in pixels, and their bytes. Kept in the sheet's meta,
// following their cell through structure edits and moves (hooks.ts), read from and written to
// xlsx, drawn by the viewer and the PDF. PNG, JPEG and GIF are kept; a picture is at most
// IMAGE_BYTES and a sheet holds at most SHEET_IMAGE_BYTES of them (the rest is reported).
declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Pictures on the sheet, in drawing order. */
    images?: SheetImage[];
  }
}

export type ImageType = 'png' | 'jpeg' | 'gif';

export interface SheetImage {
  id: string;
  /** The cell its top-left corner is in, and the offset from that cell's corner (pixels). */
  anchor: { row: number; col: number };
  dx: number;
  dy: number;
  width: number;
  height: number;
  type: ImageType;
  /** The picture's bytes, base64. */
  data: string;
  /** Its name or description in the file (alternative text). */
  name?: string;
}

export const IMAGE_BYTES = 5 * 1024 * 1024;
export const SHEET_IMAGE_BYTES = 20 * 1024 * 1024;

/** The picture format of some bytes, by their signature (not their file name). */
export function imageTypeOf(bytes: Buffer): ImageType | undefined {
  if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length > 6 && bytes.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  return undefined;
}

export const MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };
