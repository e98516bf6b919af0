// Why a part of a file cannot be read, in words a person understands: a quick well-formedness
// check of an XML part (the parts the import reads with regular expressions would otherwise give
// half an answer without a word), and a library's exception put as a sentence about the part.

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** What is wrong with an XML text as XML (undefined: nothing this check sees). */
export function xmlDamage(xml: string): string | undefined {
  const stack: string[] = [];
  let rootDone = false;
  const len = xml.length;
  let i = xml.indexOf('<');
  const seen = new Set<string>();
  while (i >= 0 && i < len) {
    if (xml.startsWith('<?', i) || xml.startsWith('<!--', i) || xml.startsWith('<![CDATA[', i) || xml.startsWith('<!', i)) {
      const close = xml.startsWith('<?', i) ? '?>' : xml.startsWith('<!--', i) ? '-->' : xml.startsWith('<![CDATA[', i) ? ']]>' : '>';
      const e = xml.indexOf(close, i + 2);
      if (e < 0) return 'it is cut short';
      i = xml.indexOf('<', e + close.length);
      continue;
    }
    if (xml.charCodeAt(i + 1) === 47) {
      const e = xml.indexOf('>', i);
      if (e < 0) return 'it is cut short';
      const name = xml.slice(i + 2, e).trim();
      const open = stack.pop();
      if (open === undefined) return `it closes <${name}>, which was never opened`;
      if (open !== name) return `<${open}> is closed by </${name}>`;
      if (!stack.length) rootDone = true;
      i = xml.indexOf('<', e + 1);
      continue;
    }
    let j = i + 1;
    while (j < len) {
      const c = xml.charCodeAt(j);
      if (c === 62 || c === 47 || isSpace(c)) break;
      j++;
    }
    const name = xml.slice(i + 1, j);
    if (!name || name.includes('<')) return 'a tag in it has no name';
    if (rootDone) return 'it goes on after its last element';
    seen.clear();
    let selfClosing = false;
    for (;;) {
      while (j < len && isSpace(xml.charCodeAt(j))) j++;
      if (j >= len) return 'it is cut short';
      const c = xml.charCodeAt(j);
      if (c === 62) break;
      if (c === 47 && xml.charCodeAt(j + 1) === 62) {
        selfClosing = true;
        j++;
        break;
      }
      const ns = j;
      while (j < len && xml.charCodeAt(j) !== 61 && xml.charCodeAt(j) !== 62 && xml.charCodeAt(j) !== 60 && !isSpace(xml.charCodeAt(j))) j++;
      const attr = xml.slice(ns, j);
      while (j < len && isSpace(xml.charCodeAt(j))) j++;
      if (!attr || xml.charCodeAt(j) !== 61) return j >= len ? 'it is cut short' : `the tag <${name}> is malformed`;
      j++;
      while (j < len && isSpace(xml.charCodeAt(j))) j++;
      const q = xml.charCodeAt(j);
      if (q !== 34 && q !== 39) return j >= len ? 'it is cut short' : `an attribute of <${name}> has no quoted value`;
      const ve = xml.indexOf(q === 34 ? '"' : "'", j + 1);
      if (ve < 0) return 'it is cut short';
      if (seen.has(attr)) return `the attribute ${attr} is written twice in <${name}>`;
      seen.add(attr);
      j = ve + 1;
    }
    if (!selfClosing) stack.push(name);
    else if (!stack.length) rootDone = true;
    i = xml.indexOf('<', j + 1);
  }
  if (stack.length) return `it is cut short (<${stack[stack.length - 1]}> is never closed)`;
  if (!rootDone) return 'it holds no XML';
  return undefined;
}

/** A library's or the reader's exception as the reason a part could not be read. */
export function whyUnreadable(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const dup = /duplicate attribute: ([^\s.]+)/.exec(message);
  if (dup) return `its XML is damaged (the attribute ${dup[1]} is written twice)`;
  const node = /Unexpected xml node in parse(?:Open|Close): (?:\{"name":"([^"]+)"|(\S+))/.exec(message);
  if (node) return `it holds an element the reader does not know (${node[1] ?? node[2]})`;
  const sax = /^\d+:\d+: (.+?)\.?$/.exec(message);
  if (sax) return `its XML is damaged (${sax[1]})`;
  if (/unexpected end|unclosed|unexpected close tag|not well-formed|disallowed character|text data outside of root|root element|invalid|xml/i.test(message)) return 'its XML is damaged or cut short';
  if (err instanceof TypeError) return 'it does not fit the parts it refers to';
  return 'it could not be read';
}

/**
 * The XML with the markup of namespaces its root declares ignorable (mc:Ignorable="x14ac x16r2")
 * taken out, as markup compatibility asks of a reader that does not know them: what a library
 * that refuses unknown elements is given.
 */
export function withoutIgnorable(xml: string): string {
  const root = /<(?![?!])[^>]*>/.exec(xml)?.[0] ?? '';
  const prefixes = /\bmc:Ignorable="([^"]*)"/.exec(root)?.[1]?.split(/\s+/).filter((p) => /^[\w.-]+$/.test(p));
  if (!prefixes?.length) return xml;
  const p = prefixes.join('|');
  return xml
    .replace(new RegExp(`<(${p}):([\\w.-]+)\\b[^>]*?\\/>|<(${p}):([\\w.-]+)\\b[^>]*>[\\s\\S]*?<\\/\\3:\\4>`, 'g'), '')
    .replace(new RegExp(`\\s(?:${p}):[\\w.-]+\\s*=\\s*(?:"[^"]*"|'[^']*')`, 'g'), '');
}
