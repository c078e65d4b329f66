/**
 * How a post's text is shown (community.md §5 'Post display'): markup stripped, newlines become
 * line breaks, URLs become links, and a body of 5 characters or fewer is not shown. The answer is
 * structured (lines of text and link segments), never HTML: the client renders each segment as a
 * text node or an <a> it builds itself, so nothing a user wrote can become markup.
 */
import { stripMarkup } from '../user/profile-form';
import { POST_BODY_DISPLAY_MIN, POST_SNIPPET_LENGTH } from './validation';

export type PostSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };
/** One line of the body; lines are separated by line breaks. */
export type PostLine = PostSegment[];

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}]+$/;

function segmentsOf(line: string): PostSegment[] {
  const segments: PostSegment[] = [];
  let at = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (url.length <= 'https://'.length) continue;
    if (start > at) segments.push({ kind: 'text', text: line.slice(at, start) });
    segments.push({ kind: 'link', text: url, href: url });
    at = start + url.length;
  }
  if (at < line.length) segments.push({ kind: 'text', text: line.slice(at) });
  return segments;
}

const isDisplayableText = (stripped: string): boolean => [...stripped].length > POST_BODY_DISPLAY_MIN;

/** Whether a body is shown at all: longer than 5 characters once markup is stripped. */
export function isDisplayableBody(body: string): boolean {
  return isDisplayableText(stripMarkup(body));
}

/** The body as lines of segments; [] when it is not displayed. */
export function postBodyLines(body: string): PostLine[] {
  const stripped = stripMarkup(body);
  if (!isDisplayableText(stripped)) return [];
  return stripped.replace(/\r\n?/g, '\n').split('\n').map(segmentsOf);
}

/** Plain text for cards and titles: markup stripped, whitespace collapsed. */
export function plainText(text: string): string {
  return stripMarkup(text).replace(/\s+/g, ' ').trim();
}

/** A card's or video's description: the first 100 characters of the plain body plus '...'. */
export function postSnippet(body: string, length: number = POST_SNIPPET_LENGTH): string {
  return `${[...plainText(body)].slice(0, length).join('')}...`;
}

/** The title in a post's address (/post/{id}/{slug}): lower-case words joined by '-'. */
export function postSlug(title: string): string {
  return plainText(title).toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
}
