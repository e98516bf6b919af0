// Nested objects on the full tool surface, written as a one-line TypeScript-like signature instead
// of JSON Schema: `{field: string, agg: sum|count, label?: string}` says the same to a model in a
// third of the tokens. The server still validates the whole input with the op's zod schema and
// names the failing path ("values[0].agg: must be one of ..."), so nothing is lost but client-side
// form building. Top-level fields stay JSON Schema (clients and the registry test read them).
type Json = Record<string, unknown>;

const TYPE_WORDS: Record<string, string> = { integer: 'int', boolean: 'bool' };

/** A slim JSON Schema node as a type expression: string, int, a|b|c, string[], {a: int, b?: bool}. */
export function typeOf(node: unknown): string {
  if (!node || typeof node !== 'object') return 'any';
  const n = node as Json;
  if (Array.isArray(n.enum)) return n.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('|');
  if (Array.isArray(n.anyOf)) return n.anyOf.map(typeOf).join('|');
  if (n.properties && typeof n.properties === 'object') return objectSignature(n);
  const types = (Array.isArray(n.type) ? n.type : [n.type]).filter((t): t is string => typeof t === 'string');
  if (!types.length) return 'any';
  return types.map((t) => (t === 'array' ? arrayOf(n.items) : t === 'object' ? 'object' : (TYPE_WORDS[t] ?? t))).join('|');
}

function arrayOf(items: unknown): string {
  const inner = typeOf(items);
  return /[|]/.test(inner) && !inner.startsWith('{') ? `(${inner})[]` : `${inner}[]`;
}

function objectSignature(n: Json): string {
  const required = new Set((n.required as string[] | undefined) ?? []);
  const fields = Object.entries(n.properties as Json).map(([name, p]) => `${name}${required.has(name) ? '' : '?'}: ${typeOf(p)}`);
  return `{${fields.join(', ')}}`;
}

/** Field notes of an object node, "agg: count = non-empty cells." (one level; deeper notes fold into their own signature). */
function notesOf(n: Json): string {
  return Object.entries((n.properties ?? {}) as Json)
    .map(([name, p]) => ((p as Json).description ? `${name}: ${String((p as Json).description)}` : ''))
    .filter(Boolean)
    .join(' ');
}

/** An object schema nested below the top level, replaced by {type: object, description: signature + notes}. */
export function flattenObject(n: Json): Json {
  const text = [n.description, objectSignature(n), notesOf(n)].filter(Boolean).join(' ');
  return { type: 'object', description: text };
}
