import { cleanAttribute, tagAction } from './sanitize-policy';

/** Cleans the children of `parent` in place, following the rules of sanitize-policy. */
function cleanChildren(parent: Node) {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (!(node instanceof Element)) {
      node.remove(); // comments, processing instructions
      continue;
    }
    const action = tagAction(node.tagName);
    if (action === 'drop') {
      node.remove();
      continue;
    }
    cleanChildren(node);
    if (action === 'unwrap') {
      node.replaceWith(...Array.from(node.childNodes));
      continue;
    }
    cleanAttributes(node);
  }
}

function cleanAttributes(element: Element) {
  for (const { name, value } of Array.from(element.attributes)) {
    const cleaned = cleanAttribute(element.tagName, name, value);
    if (cleaned === null) element.removeAttribute(name);
    else if (cleaned !== value) element.setAttribute(name, cleaned);
  }
  if (element.getAttribute('target') === '_blank') {
    element.setAttribute('rel', 'noopener noreferrer');
  }
}

/**
 * Allow-list sanitizer for the HTML body of a news item (spec 1 §2 News detail). The document
 * made by DOMParser is inert: its scripts never run and its images never load while we clean it.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
