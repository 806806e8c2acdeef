// DOM building for the cards, which run in the host's iframe. Text always goes in as text nodes, so
// record values (names, references) can never become markup.

/** Attributes of {@link h}: strings set as attributes; `false` and `undefined` leave one out. */
export type Attributes = Readonly<Record<string, string | boolean | undefined>>;

/** A child of {@link h}: an element, or text. */
export type Child = Node | string;

/**
 * Creates an HTML element with attributes and children.
 *
 * @param tag - the element's tag name.
 * @param attributes - attributes to set; `true` sets an empty one.
 * @param children - elements and text, in order.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  element.append(...children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Creates an SVG element with attributes and children.
 *
 * @param tag - the SVG element's tag name.
 * @param attributes - attributes to set.
 * @param children - elements and text, in order.
 */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: readonly Child[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  setAttributes(element, attributes);
  element.append(...children);
  return element;
}

function setAttributes(element: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
}
