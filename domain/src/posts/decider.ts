/**
 * A news post, stream `post-{postId}`. The id comes from the author and the submission (the
 * client's request_id, else the content; postIdFor), so a create sent again is the same post and
 * adds nothing. Only the author may update a post.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { DomainError, ValidationError } from '../errors';
import { POST_NOT_AUTHOR, POST_NOT_FOUND } from '../messages';
import { PHOTO_EXTENSIONS, type PhotoFormat } from '../photos/decider';
import { sha256Hex } from '../sha256';
import { validatePostForm } from './validation';

export const postStreamName = (postId: string): string => `post-${postId}`;

/** 24 hex digits from the author and what identifies the submission. */
export function postIdFor(userId: string, submissionKey: string): string {
  return sha256Hex(`post:${userId}:${submissionKey}`).slice(0, 24);
}

export interface HeroImage {
  /** Served at /media/{fileName}. */
  fileName: string;
  thumbnailName: string;
}

export interface PostContent {
  title: string;
  body: string;
  /** Exactly one of youtubeVideoId and heroImage is set. */
  youtubeVideoId: string | null;
  heroImage: HeroImage | null;
}

export type PostPublished = Message<'PostPublished', PostContent & { postId: string; userId: string; at: string }>;
/** Carries the whole new content. */
export type PostUpdated = Message<'PostUpdated', PostContent & { postId: string; userId: string; at: string }>;
export type PostEvent = PostPublished | PostUpdated;
export const POST_EVENT_TYPES = ['PostPublished', 'PostUpdated'] as const satisfies readonly PostEvent['type'][];

export type PublishPost = Message<'PublishPost', PostContent & { postId: string; userId: string; at: string }>;
export type UpdatePost = Message<'UpdatePost', PostContent & { postId: string; userId: string; at: string }>;
export type PostCommand = PublishPost | UpdatePost;

export interface PostState {
  post: (PostContent & { postId: string; userId: string; publishedAt: string; updatedAt: string }) | null;
}

export class PostNotFoundError extends DomainError {
  readonly code = 'POST_NOT_FOUND';
  constructor() {
    super(POST_NOT_FOUND);
  }
}

export class PostNotAuthorError extends DomainError {
  readonly code = 'POST_NOT_AUTHOR';
  constructor() {
    super(POST_NOT_AUTHOR);
  }
}

/** The content rules again, so no event ever holds a post the form would refuse. */
function assertValidContent(content: PostContent): void {
  const checked = validatePostForm({
    title: content.title,
    body: content.body,
    youtube_video_id: content.youtubeVideoId ?? '',
    image: content.heroImage ? 'image' : 'none',
  });
  if (!checked.ok) throw new ValidationError(checked.errors);
}

const contentOf = (c: PostContent): PostContent => ({ title: c.title, body: c.body, youtubeVideoId: c.youtubeVideoId, heroImage: c.heroImage });

function sameContent(a: PostContent, b: PostContent): boolean {
  return (
    a.title === b.title &&
    a.body === b.body &&
    a.youtubeVideoId === b.youtubeVideoId &&
    a.heroImage?.fileName === b.heroImage?.fileName &&
    a.heroImage?.thumbnailName === b.heroImage?.thumbnailName
  );
}

export function decidePost(command: PostCommand, state: PostState): PostEvent[] {
  const { postId, userId, at } = command.data;
  switch (command.type) {
    case 'PublishPost': {
      if (state.post) {
        // The same submission again: answered with the post it made.
        if (state.post.userId === userId) return [];
        throw new PostNotAuthorError();
      }
      assertValidContent(command.data);
      return [{ type: 'PostPublished', data: { postId, userId, at, ...contentOf(command.data) } }];
    }
    case 'UpdatePost': {
      if (!state.post) throw new PostNotFoundError();
      if (state.post.userId !== userId) throw new PostNotAuthorError();
      assertValidContent(command.data);
      if (sameContent(state.post, command.data)) return [];
      return [{ type: 'PostUpdated', data: { postId, userId, at, ...contentOf(command.data) } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolvePost(state: PostState, event: PostEvent): PostState {
  const { postId, userId, at } = event.data;
  switch (event.type) {
    case 'PostPublished':
      return { post: { postId, userId, publishedAt: at, updatedAt: at, ...contentOf(event.data) } };
    case 'PostUpdated':
      return { post: { postId, userId, publishedAt: state.post?.publishedAt ?? at, updatedAt: at, ...contentOf(event.data) } };
    default:
      return assertNever(event);
  }
}

export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  initialState: () => ({ post: null }),
  decide: decidePost,
  evolve: evolvePost,
};

/** Storage names of a post's hero image, from the content's hash: the same file is the same name. */
export function heroImageNames(contentSha256Hex: string, format: PhotoFormat): HeroImage {
  const id = contentSha256Hex.slice(0, 32);
  return { fileName: `post-${id}.${PHOTO_EXTENSIONS[format]}`, thumbnailName: `post-${id}-thumb.webp` };
}
