import { createHash } from 'node:crypto';
import {
  heroImageNames,
  PHOTO_TOO_MANY_PIXELS,
  POST_CAPTCHA_INCORRECT,
  POST_CAPTCHA_SPENT,
  POST_FILE_NOT_IMAGE,
  POST_REQUEST_ID_INVALID,
  postDecider,
  postIdFor,
  PostNotAuthorError,
  PostNotFoundError,
  postStreamName,
  validatePostForm,
  type HeroImage,
  type PostCommand,
  type PostState,
} from '@hamlog/domain';
import { fieldErrors } from '@hamlog/infra/http/errors';
import { NotAPhotoError, processPhoto, TooManyPixelsError } from '@hamlog/infra/images/photo-image';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { handleCommand, aggregateStream, type Handled } from '../handling/handle-command';
import { storeFilesFor, type FileToStore } from '../handling/store-files';
import { stringField } from '../http/body';
import type { PostCaptchas } from './post-captcha';

export interface SavePostInput {
  userId: string;
  /** null: a new post (/vstore); else the post to update (/vupdate/{id}). */
  postId: string | null;
  body: Record<string, unknown>;
  /** The uploaded hero_image, if any. */
  file: Buffer | null;
  captchas: PostCaptchas;
  metadata: EventMetadata;
  at: Date;
}

export interface SavedPost {
  postId: string;
  handled: Handled<unknown, PostState>;
  /** Whether this call published the post (false: an update, or a create sent again). */
  created: boolean;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The client's id for one press of Publish (a retry sends it again); optional. */
function requestIdOf(body: Record<string, unknown>): string | null {
  const id = body.request_id;
  if (id === undefined || id === null || id === '') return null;
  if (typeof id !== 'string' || id.length > 64) throw fieldErrors({ request_id: [POST_REQUEST_ID_INVALID] });
  return id;
}

/** The hero image checked by its content and re-encoded (the photos' checks), with its names from the content's hash. */
async function heroImageOf(bytes: Buffer, contentHash: string): Promise<{ image: HeroImage; files: FileToStore[] }> {
  let processed;
  try {
    processed = await processPhoto(bytes);
  } catch (error) {
    if (error instanceof NotAPhotoError) throw fieldErrors({ hero_image: [POST_FILE_NOT_IMAGE] });
    if (error instanceof TooManyPixelsError) throw fieldErrors({ hero_image: [PHOTO_TOO_MANY_PIXELS] });
    throw error;
  }
  const image = heroImageNames(contentHash, processed.format);
  return {
    image,
    files: [
      { name: image.fileName, bytes: processed.image },
      { name: image.thumbnailName, bytes: processed.thumbnail },
    ],
  };
}

/**
 * Publishes (/vstore) or updates (/vupdate/{id}) a post. The form's rules and the captcha are
 * checked here, on the server, with the same rules the form uses; the image is checked by its
 * bytes. A create's id comes from the author and the request_id (else the content), so sending it
 * again answers the post it made. An update by anyone but the author is refused before anything
 * else is looked at. The captcha is spent just before the write, so a refused form keeps it.
 * Files are stored only for as long as the write succeeds (store-files.ts).
 */
export async function savePost(deps: CommandDeps, input: SavePostInput): Promise<SavedPost> {
  const { userId, body, file, at } = input;
  const title = stringField(body, 'title');
  const text = stringField(body, 'body');
  const youtube = stringField(body, 'youtube_video_id');
  const keptImageName = stringField(body, 'hero_image_name').trim();
  const requestId = requestIdOf(body);

  let postId = input.postId;
  if (postId !== null && !/^[0-9a-f]{24}$/.test(postId)) throw new PostNotFoundError();
  let loaded = postId === null ? null : await aggregateStream(deps.store, postStreamName(postId), postDecider);
  const current = loaded?.state.post ?? null;
  if (loaded && !current) throw new PostNotFoundError();
  if (current && current.userId !== userId) throw new PostNotAuthorError();

  const keepsImage = current?.heroImage && keptImageName === current.heroImage.fileName ? current.heroImage : null;
  const checked = validatePostForm({ title, body: text, youtube_video_id: youtube, image: file || keepsImage ? 'image' : 'none' });
  const errors: Record<string, string[]> = checked.ok ? {} : { ...checked.errors };
  const captcha = await input.captchas.answered(stringField(body, 'captcha_token'), stringField(body, 'captcha_answer'), userId, at);
  if (!captcha) errors.captcha_answer = [POST_CAPTCHA_INCORRECT];
  if (!checked.ok || !captcha || Object.keys(errors).length > 0) throw fieldErrors(errors);
  const fields = checked.value;
  const fileHash = file ? sha256(file) : '';

  if (postId === null) {
    postId = postIdFor(userId, requestId ? `request:${requestId}` : `content:${sha256(JSON.stringify([fields.title, fields.body, fields.youtubeVideoId, fileHash]))}`);
    loaded = await aggregateStream(deps.store, postStreamName(postId), postDecider);
    // Sent again after it was published: nothing to store or write.
    if (loaded.state.post?.userId === userId) {
      return { postId, created: false, handled: { events: [], state: loaded.state, revision: loaded.revision, appended: null } };
    }
  }

  const hero = file ? await heroImageOf(file, fileHash) : null;
  // The answered challenge pays for this write, and for no other (a create sent again, above, writes nothing and pays nothing).
  if (!(await input.captchas.spend(captcha, at))) throw fieldErrors({ captcha_answer: [POST_CAPTCHA_SPENT] });
  const content = { ...fields, heroImage: hero?.image ?? keepsImage };
  const data = { ...content, postId, userId, at: at.toISOString() };
  const command: PostCommand = input.postId === null ? { type: 'PublishPost', data } : { type: 'UpdatePost', data };
  const streamId = postStreamName(postId);
  const record = () => handleCommand(deps.store, streamId, postDecider, command, input.metadata, loaded ? { loaded } : {});
  const handled = hero ? await storeFilesFor(deps.files, deps.logger, hero.files, record) : await record();
  return { postId, handled, created: command.type === 'PublishPost' && handled.events.length > 0 };
}
