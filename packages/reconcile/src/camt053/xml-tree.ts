import { SaxesParser } from 'saxes';
import { ReconcileError } from '../reconcile-error.js';

/** An element of the statement's XML, by its local name (namespace prefixes dropped). */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own text, trimmed (leaves only: CAMT.053 has no mixed content). */
  text: string;
}

const local = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Called as each element closes, with the open elements above it (the root first). Returning `true`
 * drops the element from its parent: a large statement is read entry by entry instead of being held
 * whole.
 */
export type OnClose = (element: XmlElement, ancestors: readonly XmlElement[]) => boolean;

/**
 * Parses XML with saxes, a conformant non-validating parser: anything not well formed is refused with
 * its line and column and the path of the elements it is in. A DOCTYPE is refused (a statement needs
 * none, and it is where entity expansion attacks live); only the five XML entities and character
 * references are decoded. Text stays text: amounts are never turned into numbers.
 */
export function parseXml(text: string, onClose?: OnClose): XmlElement {
  const root: XmlElement = { name: '', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const path = (): string =>
    stack
      .slice(1)
      .map((e) => e.name)
      .join('/');
  const parser = new SaxesParser({ position: true });
  let buffer = '';
  parser.on('doctype', () => {
    throw new ReconcileError(
      'MALFORMED_CAMT',
      `CAMT.053 XML line ${parser.line}: a DOCTYPE declaration is refused (a bank statement needs none); export the statement again.`,
      { line: parser.line, path: 'DOCTYPE' },
    );
  });
  parser.on('opentag', (tag) => {
    let attributes = NO_ATTRIBUTES;
    for (const name in tag.attributes) {
      if (attributes === NO_ATTRIBUTES) attributes = {};
      (attributes as Record<string, string>)[local(name)] = tag.attributes[name] as string;
    }
    const element: XmlElement = { name: local(tag.name), attributes, children: [], text: '' };
    (stack[stack.length - 1] as XmlElement).children.push(element);
    stack.push(element);
    buffer = '';
  });
  parser.on('text', (t) => {
    buffer += t;
  });
  parser.on('cdata', (t) => {
    buffer += t;
  });
  parser.on('closetag', () => {
    const element = stack.pop() as XmlElement;
    if (element.children.length === 0) element.text = buffer.trim();
    buffer = '';
    if (onClose?.(element, stack)) (stack[stack.length - 1] as XmlElement).children.pop();
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof ReconcileError) throw err;
    const line = parser.line;
    const reason = (err as Error).message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    const where = path();
    const message = reason.startsWith('unclosed tag')
      ? `CAMT.053 XML line ${line}: the document ends inside ${where}; the file is cut short: export it again.`
      : `CAMT.053 XML line ${line} column ${parser.column}${where ? ` in ${where}` : ''}: ${reason}. The file is not well-formed XML: export it again.`;
    throw new ReconcileError('MALFORMED_CAMT', message, {
      line,
      ...(where ? { path: where } : {}),
      cause: err,
    });
  }
  return root;
}

/** The child elements named `name` (a local name). */
export function children(node: XmlElement | undefined, name: string): XmlElement[] {
  return node === undefined ? [] : node.children.filter((c) => c.name === name);
}

/** The first element at the path of local names below `node`. */
export function child(node: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let current = node;
  for (const name of names) {
    current = current?.children.find((c) => c.name === name);
    if (current === undefined) return undefined;
  }
  return current;
}

/** The text of an element. */
export function text(node: XmlElement | undefined): string | undefined {
  return node?.text;
}

/** The text at the path below `node`. */
export function textAt(node: XmlElement | undefined, ...names: string[]): string | undefined {
  return child(node, ...names)?.text;
}

/** An attribute's value, by local name. */
export function attribute(node: XmlElement | undefined, name: string): string | undefined {
  return node?.attributes[name];
}
