import { useId, useRef, useState, type FormEvent } from 'react';
import { PHOTO_FILE_REQUIRED, PHOTO_UPLOADED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { useUploadPhoto } from '../api/upload-photo';
import { PHOTO_ACCEPT, photoFileError } from '../utils/photo-file';
import type { PhotoOutcome } from './photo-outcome';

/** Choose a picture and upload it, with a progress bar while it goes. */
export function PhotoUploadForm({ onOutcome }: { onOutcome: (outcome: PhotoOutcome) => void }) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadPhoto();

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0] ?? null;
    const invalid = photoFileError(file);
    if (invalid || !file) {
      onOutcome({ tone: 'error', text: invalid ?? PHOTO_FILE_REQUIRED });
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          if (fileRef.current) fileRef.current.value = '';
          onOutcome({ tone: 'success', text: PHOTO_UPLOADED });
        },
        onError: (err) => onOutcome({ tone: 'error', text: MESSAGES.photoUploadError(err.message) }),
        onSettled: () => setProgress(null),
      },
    );
  }

  return (
    <form className="form photo-upload" onSubmit={submit} aria-label="Upload a photo" noValidate>
      <div className="field">
        <label htmlFor={inputId}>Photo file</label>
        <input ref={fileRef} id={inputId} type="file" name="image" accept={PHOTO_ACCEPT} />
        <p className="field-hint">JPG, PNG or GIF.</p>
      </div>
      {progress !== null ? (
        <div className="upload-progress">
          <progress max={100} value={Math.round(progress * 100)} aria-label="Upload progress" />
          <span aria-hidden="true">{Math.round(progress * 100)}%</span>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
