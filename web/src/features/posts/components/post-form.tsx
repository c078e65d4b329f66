import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FAILED_TO_LOAD_POST, FAILED_TO_SAVE_POST, POST_NOT_AUTHOR } from '@hamlog/domain/messages';
import { isImageType, validatePostForm, type PostFormInput } from '@hamlog/domain/posts/validation';
import { Field } from '@/components/ui/field';
import { FieldNotes, useFieldIds } from '@/components/ui/field-parts';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { isApiError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { newRequestId } from '@/lib/request-id';
import { useUser } from '@/lib/session';
import { useCaptcha, usePost, useSavePost, type Post } from '../api/posts';
import '../posts.css';

type Errors = Record<string, string | undefined>;

/** Each field's first message. */
const firstErrors = (errors: Record<string, readonly string[]>): Errors => Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0]]));

/** A chosen file's preview address, revoked when it changes or the form goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !isImageType(file.type)) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function PostFormFields({ post }: { post: Post | null }) {
  const navigate = useNavigate();
  const save = useSavePost();
  const captcha = useCaptcha();
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [youtube, setYoutube] = useState(post?.youtube_video_id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [keptImage, setKeptImage] = useState<string | null>(post?.hero_image_name ?? null);
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [requestId] = useState(newRequestId);
  // Remounted on clear, so the file input forgets its file.
  const [fileInputKey, setFileInputKey] = useState(0);
  const preview = usePreview(file);
  const fileIds = useFieldIds('post-hero-image', null, errors.hero_image);

  const hasImage = file !== null || keptImage !== null;
  const shownImage = preview ?? (file === null ? mediaUrl(keptImage) : null);

  const checkedImage = (): PostFormInput['image'] => (file ? (isImageType(file.type) ? 'image' : 'not-an-image') : keptImage ? 'image' : 'none');

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    if (chosen) setKeptImage(null);
    setErrors((e) => ({ ...e, hero_image: undefined }));
  };
  const clearImage = () => {
    setFile(null);
    setKeptImage(null);
    setFileInputKey((k) => k + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(null);
    const checked = validatePostForm({ title, body, youtube_video_id: youtube, image: checkedImage() });
    if (!checked.ok) {
      setErrors(firstErrors(checked.errors));
      return;
    }
    setErrors({});
    const input = {
      id: post?.id ?? null,
      title,
      body,
      youtubeVideoId: youtube.trim(),
      image: file,
      keptImageName: keptImage,
      captchaToken: captcha.data?.token ?? '',
      captchaAnswer: answer,
      requestId,
    };
    save.mutate(input, {
      onSuccess: (saved) => void navigate(post ? `/post/${encodeURIComponent(saved.id)}?updated=true` : '/news?updated=true'),
      onError: (error) => {
        if (isApiError(error) && error.errors) {
          setErrors(firstErrors(error.errors));
          // A challenge answered wrong, or already spent on a write: ask a new question.
          if (error.errors.captcha_answer) {
            setAnswer('');
            void captcha.refetch();
          }
        }
        setFailed(isApiError(error) && error.status === 403 ? error.message : FAILED_TO_SAVE_POST);
      },
    });
  };

  return (
    <form className="form post-form" onSubmit={submit} noValidate>
      {failed ? <Notice tone="error">{failed}</Notice> : null}
      <Field label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={250} required />
      <TextareaField label="Body" name="body" value={body} onChange={(e) => setBody(e.target.value)} error={errors.body} rows={12} required />
      <Field
        label="YouTube video ID"
        name="youtube_video_id"
        value={youtube}
        onChange={(e) => setYoutube(e.target.value)}
        error={errors.youtube_video_id}
        disabled={hasImage}
        hint="The 11 characters after watch?v= in the video's address."
        maxLength={64}
        autoComplete="off"
      />
      <div className="field">
        <label htmlFor={fileIds.inputId}>Image</label>
        <input
          key={fileInputKey}
          id={fileIds.inputId}
          name="hero_image"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          onChange={chooseFile}
          disabled={youtube.trim() !== ''}
          aria-invalid={fileIds.invalid}
          aria-describedby={fileIds.describedBy}
        />
        <FieldNotes hintId={fileIds.hintId} error={errors.hero_image} errorId={fileIds.errorId} />
        {shownImage ? <img className="post-form-preview" src={shownImage} alt="Preview of the chosen image" /> : null}
        {hasImage ? (
          <button type="button" className="btn btn-secondary" onClick={clearImage}>
            Clear Image
          </button>
        ) : null}
      </div>
      {captcha.isError ? (
        <Notice tone="error">{FAILED_TO_SAVE_POST}</Notice>
      ) : (
        <Field
          label={captcha.data?.question ?? '…'}
          name="captcha_answer"
          inputMode="numeric"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          error={errors.captcha_answer}
          autoComplete="off"
          required
        />
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !captcha.data}>
          {post ? 'Update' : 'Publish'}
        </button>
      </div>
    </form>
  );
}

/** /post/new and /post/edit/{id}: create versus edit by the id in the route; only the author edits. */
export function PostFormPage({ postId }: { postId: string | null }) {
  const user = useUser();
  const post = usePost(postId);
  if (postId === null) return <PostFormFields post={null} />;
  if (post.isPending) return <Loading />;
  if (post.isError) return <Notice tone="error">{FAILED_TO_LOAD_POST}</Notice>;
  if (user === null || user.id !== post.data.user_id) return <Notice tone="error">{POST_NOT_AUTHOR}</Notice>;
  return <PostFormFields post={post.data} />;
}
