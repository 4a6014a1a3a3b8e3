import sanitize from 'sanitize-html';

/**
 * Operator HTML (bulletins, FAQ answers) is cleaned here, on the server, against an allow-list,
 * so the web renders it as it comes and ships no sanitiser (docs/decisions/0050-one-rendering-path.md).
 * No script-carrying element, no event handler, no style, and links and images only to http(s),
 * mailto/tel or a path on this site: `javascript:` in any spelling is dropped with its attribute.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p br hr div span strong b em i u s del small sub sup h1 h2 h3 h4 h5 h6 blockquote pre code',
    'ul ol li dl dt dd table thead tbody tfoot tr th td caption a img figure figcaption',
  ]
    .join(' ')
    .split(' '),
  allowedAttributes: {
    '*': ['class', 'title'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Scripts, styles and frames go with their content; other unknown tags leave their text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** Cleaned HTML; the same input always gives the same output. */
export function cleanServerHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
