/**
 * The post form's rules (community.md §5 'Post'), shared by the form (messages as you type) and
 * the server (which decides). Lengths count characters as people see them (code points).
 */
import {
  POST_BODY_TOO_SHORT,
  POST_FILE_NOT_IMAGE,
  POST_IMAGE_AND_VIDEO,
  POST_IMAGE_OR_VIDEO_REQUIRED,
  POST_TITLE_LENGTH,
  POST_YOUTUBE_ID_INVALID,
} from '../messages';
import type { Validated } from '../validated';

export const POST_TITLE_MIN = 10;
export const POST_TITLE_MAX = 250;
/** The specification's 'at least 50' for writing (its message says 'more than 50'; 50 is accepted). */
export const POST_BODY_MIN = 50;
/** A body longer than this (after markup is stripped) is displayed. */
export const POST_BODY_DISPLAY_MIN = 5;
export const NEWS_PAGE_SIZE = 12;
export const VIDEOS_PAGE_SIZE = 12;
/** Characters of the body on a news card and of a video's description. */
export const POST_SNIPPET_LENGTH = 100;
/** A post body is stored up to this many characters (beyond, the form is refused). */
export const POST_BODY_MAX = 50_000;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export const isYoutubeVideoId = (text: string): boolean => YOUTUBE_ID.test(text);

const length = (text: string): number => [...text].length;

/** What the form sends, as text; `image` says whether a file is chosen (or the current one kept) and whether it is an image. */
export interface PostFormInput {
  title: string;
  body: string;
  youtube_video_id: string;
  image: 'none' | 'image' | 'not-an-image';
}

export interface PostFields {
  title: string;
  body: string;
  /** null for a post with an image. */
  youtubeVideoId: string | null;
}

/** The first problem per field, keyed by the form's field names (hero_image for the image). */
export function validatePostForm(input: PostFormInput): Validated<PostFields> {
  const errors: Record<string, string[]> = {};
  const title = input.title.trim();
  // Browsers send a textarea's line breaks as CRLF: kept as \n, whichever client wrote the post.
  const body = input.body.replace(/\r\n?/g, '\n').trim();
  const youtube = input.youtube_video_id.trim();
  if (length(title) < POST_TITLE_MIN || length(title) > POST_TITLE_MAX) errors.title = [POST_TITLE_LENGTH];
  if (length(body) < POST_BODY_MIN || length(body) > POST_BODY_MAX) errors.body = [POST_BODY_TOO_SHORT];
  if (youtube !== '' && !isYoutubeVideoId(youtube)) errors.youtube_video_id = [POST_YOUTUBE_ID_INVALID];
  if (input.image === 'not-an-image') errors.hero_image = [POST_FILE_NOT_IMAGE];
  else if (input.image === 'image' && youtube !== '') errors.hero_image = [POST_IMAGE_AND_VIDEO];
  else if (input.image === 'none' && youtube === '') errors.hero_image = [POST_IMAGE_OR_VIDEO_REQUIRED];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { title, body, youtubeVideoId: youtube === '' ? null : youtube } };
}

/** Whether a chosen file's declared type is an image (the form's check; the server decodes the bytes). */
export const isImageType = (mimeType: string): boolean => mimeType.toLowerCase().startsWith('image/');
