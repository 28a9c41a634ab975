import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { RuleViolationError } from '../errors';

/*
 * Reads an uploaded XML file safely into a small namespace-resolved tree. A DOCTYPE (and with it every
 * entity declaration) is refused before parsing: entity expansion is how a few kilobytes become gigabytes
 * ("billion laughs") and how an external entity reads files or URLs of the server. fast-xml-parser runs with
 * entity processing off; only XML's five predefined entities and character references are decoded here.
 */

export const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** An element: `cbc:Name` / `cac:Name` for UBL's common components, `{namespace}Name` for anything else. */
export type XmlElement = { name: string; attrs: Record<string, string>; text: string; children: XmlElement[] };

const PREFIXES: Record<string, string> = { [CBC]: 'cbc', [CAC]: 'cac' };
export const MAX_DEPTH = 40;

/** What is read: an uploaded file (the upload screen's `file` field) or an API request's body. */
export type XmlSource = 'file' | 'body';
const problemOf = (source: XmlSource) => (message: string) => {
  const said = message.replace(/^The file/, `The ${source}`);
  return new RuleViolationError(said, { [source]: [said] });
};

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref];
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_DEPTH,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function resolve(nodes: Ordered[], scope: Record<string, string>): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const tag = Object.keys(node).find((k) => k !== ':@');
    if (!tag || tag === '#text') continue;
    const rawAttrs = node[':@'] ?? {};
    const inner = { ...scope };
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(rawAttrs)) {
      if (name === 'xmlns') inner[''] = value;
      else if (name.startsWith('xmlns:')) inner[name.slice(6)] = value;
      else attrs[name.includes(':') ? name.slice(name.indexOf(':') + 1) : name] = decodeEntities(value);
    }
    const [prefix, local] = tag.includes(':') ? tag.split(':', 2) : ['', tag];
    const uri = inner[prefix] ?? '';
    const body = (node[tag] as Ordered[]) ?? [];
    const text = body
      .filter((n) => '#text' in n)
      .map((n) => String(n['#text']))
      .join('');
    elements.push({
      name: PREFIXES[uri] ? `${PREFIXES[uri]}:${local}` : `{${uri}}${local}`,
      attrs,
      text: decodeEntities(text).trim(),
      children: resolve(body, inner),
    });
  }
  return elements;
}

/** The document element of an uploaded XML file, or a refusal that says in plain words what is wrong. */
export function readXml(bytes: Uint8Array, source: XmlSource = 'file'): XmlElement {
  const fileProblem = problemOf(source);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw fileProblem('The file is not UTF-8 text, so it is not a UBL XML file.');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw fileProblem(
      'The file has a DOCTYPE or entity declarations, which the portal refuses (they can expand to enormous sizes or read other files). Send the UBL XML without them.',
    );
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) throw fileProblem(`The file says it is encoded as ${declared}; send it as UTF-8.`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    throw fileProblem(`The file is not well-formed XML: line ${line}, column ${col}: ${msg}`);
  }
  let tree: Ordered[];
  try {
    tree = parser.parse(text) as Ordered[];
  } catch (error) {
    throw fileProblem(`The file could not be read as XML: ${(error as Error).message}`);
  }
  const [root, ...others] = resolve(tree, {});
  if (!root || others.length) throw fileProblem('The file must hold exactly one XML document element.');
  return root;
}

/** The first child element on a path of names ('cac:LegalMonetaryTotal/cbc:PayableAmount'). */
export function find(element: XmlElement | undefined, path: string): XmlElement | undefined {
  return path.split('/').reduce<XmlElement | undefined>((at, name) => at?.children.find((c) => c.name === name), element);
}

/** Every child element of that name. */
export const all = (element: XmlElement | undefined, name: string): XmlElement[] =>
  element ? element.children.filter((c) => c.name === name) : [];

/** The text of the element on the path, or null when it is missing or empty. */
export const textAt = (element: XmlElement | undefined, path: string): string | null => find(element, path)?.text || null;
