import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ReconcileError } from '../reconcile-error.js';

/**
 * An element as fast-xml-parser gives it with the options below: text for a leaf without attributes,
 * else an object of child arrays by local name, attributes under `@name` and text under `#text`.
 */
export type XmlElement = string | { readonly [key: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // Local names only: CAMT.053 001.02 to 001.13 differ in namespace, and banks use prefixes or not.
  removeNSPrefix: true,
  // Amounts stay the exact text of the file: nothing is turned into a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The XML entities and character references (`&#228;`, which fast-xml-parser decodes only with its
  // HTML entity set on); a DOCTYPE is refused before parsing, so no entity can be declared or expand.
  processEntities: true,
  htmlEntities: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** Parses XML after checking it is well formed and declares no DOCTYPE. */
export function parseXml(text: string): XmlElement {
  const doctype = /<!DOCTYPE/i.exec(text);
  if (doctype) {
    const line = text.slice(0, doctype.index).split('\n').length;
    throw new ReconcileError(
      'MALFORMED_CAMT',
      `CAMT.053 XML line ${line}: a DOCTYPE declaration is refused (a bank statement needs none); export the statement again.`,
      { line, path: 'DOCTYPE' },
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    // Elements left open at the end: the file was cut short. Name them as a path.
    const open = /^Invalid '\[(.*)\]' found\.$/s.exec(msg);
    if (open) {
      const names = [...(open[1] as string).matchAll(/"([^"]+)"/g)].map((m) => (m[1] as string).replace(/^[^:]*:/, ''));
      const path = names.join('/');
      const last = text.trimEnd().split('\n').length;
      throw new ReconcileError(
        'MALFORMED_CAMT',
        `CAMT.053 XML line ${last}: the document ends inside ${path}; the file is cut short: export it again.`,
        { line: last, path },
      );
    }
    throw new ReconcileError(
      'MALFORMED_CAMT',
      `CAMT.053 XML line ${line} column ${col}: ${msg}. The file is not well-formed XML (cut short?): export it again.`,
      { line },
    );
  }
  return parser.parse(text) as XmlElement;
}

/** The child elements named `name` (a local name). */
export function children(node: XmlElement | undefined, name: string): XmlElement[] {
  if (node === undefined || typeof node === 'string') return [];
  const value = node[name];
  return Array.isArray(value) ? (value as XmlElement[]) : [];
}

/** The first element at the path of local names below `node`. */
export function child(node: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let current = node;
  for (const name of names) {
    current = children(current, name)[0];
    if (current === undefined) return undefined;
  }
  return current;
}

/** The text of an element (its `#text` when it has attributes). */
export function text(node: XmlElement | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === 'string') return node;
  const value = node['#text'];
  return typeof value === 'string' ? value : undefined;
}

/** The text at the path below `node`. */
export function textAt(node: XmlElement | undefined, ...names: string[]): string | undefined {
  return text(child(node, ...names));
}

/** An attribute's value. */
export function attribute(node: XmlElement | undefined, name: string): string | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node[`@${name}`];
  return typeof value === 'string' ? value : undefined;
}
