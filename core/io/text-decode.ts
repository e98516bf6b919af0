// Text of a CSV file whatever its encoding: a BOM decides (UTF-8, UTF-16 LE/BE); without one,
// zero bytes in every other position mean UTF-16, valid UTF-8 is UTF-8, and anything else is read
// as Latin-1 (Windows-1252, what spreadsheet programs on Western Windows write).

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
}

function swapBytes(buf: Buffer): Buffer {
  const out = Buffer.allocUnsafe(buf.length - (buf.length % 2));
  for (let i = 0; i + 1 < buf.length; i += 2) {
    out[i] = buf[i + 1]!;
    out[i + 1] = buf[i]!;
  }
  return out;
}

/** UTF-16 without a BOM: ASCII-heavy text has a zero in most odd (LE) or even (BE) bytes. */
function sniffUtf16(buf: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(buf.length, 4096) & ~1;
  if (n < 4) return undefined;
  let evenZero = 0, oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenZero++;
    if (buf[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return 'utf-16be';
  return undefined;
}

export function decodeText(buf: Buffer): DecodedText {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { text: buf.subarray(3).toString('utf8'), encoding: 'utf-8', bom: true };
  // UTF-16 can carry lone surrogates, which no store accepts: they become U+FFFD, as a bad UTF-8 byte does.
  if (buf[0] === 0xff && buf[1] === 0xfe) return { text: buf.subarray(2).toString('utf16le').toWellFormed(), encoding: 'utf-16le', bom: true };
  if (buf[0] === 0xfe && buf[1] === 0xff) return { text: swapBytes(buf.subarray(2)).toString('utf16le').toWellFormed(), encoding: 'utf-16be', bom: true };
  const utf16 = sniffUtf16(buf);
  if (utf16 === 'utf-16le') return { text: buf.toString('utf16le').toWellFormed(), encoding: utf16, bom: false };
  if (utf16 === 'utf-16be') return { text: swapBytes(buf).toString('utf16le').toWellFormed(), encoding: utf16, bom: false };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf), encoding: 'utf-8', bom: false };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(buf), encoding: 'windows-1252', bom: false };
  }
}
