import { useAtomValue } from 'jotai';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import type { OwnProfileAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PICTURE_FIELD, PICTURE_MIME_TYPES } from '@shared/media/picture-upload.js';
import { api } from '../api/api.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { userAtom } from '../sessions/userAtom.js';
import { pictureFileProblem } from './pictureFileProblem.js';
import { useApplyOwnProfile } from './useApplyOwnProfile.js';
import './profile.css';

type UploadState = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'saved' } | { kind: 'refused'; message: string };

/**
 * The member's picture: choosing a file checks its type and size first, shows it at once
 * and uploads it (multipart field `picture`); the server crops and resizes it.
 */
export function ProfilePictureField() {
  const user = useAtomValue(userAtom);
  const applyProfile = useApplyOwnProfile();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || upload.kind === 'uploading') return;
    const problem = pictureFileProblem(file);
    if (problem) {
      setUpload({ kind: 'refused', message: problem });
      event.target.value = '';
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUpload({ kind: 'uploading' });
    const formData = new FormData();
    formData.append(PICTURE_FIELD, file);
    const result = await api.request<OwnProfileAnswer>({ method: 'POST', path: ACCOUNT_ENDPOINTS.picture, formData });
    event.target.value = '';
    if (isSuccess(result.status) && result.data) {
      applyProfile(result.data);
      setPreview(null);
      setUpload({ kind: 'saved' });
    } else {
      setPreview(null);
      setUpload({ kind: 'refused', message: errorsOrFallback(result.errors, result.status)[0].message });
    }
  };

  const statusId = `${inputId}-status`;
  return (
    <div className="picture-field">
      <img
        src={preview ?? mediaUrl(user?.image)}
        alt="Your profile picture"
        width={96}
        height={96}
        className="avatar picture-preview"
      />
      <div className="picture-controls">
        <span className="field-label">Profile picture</span>
        <p className="field-hint">JPEG, PNG, WebP or GIF, at most 5 MB. It is cropped to a square.</p>
        <input
          id={inputId}
          type="file"
          className="visually-hidden picture-input"
          accept={PICTURE_MIME_TYPES.join(',')}
          aria-describedby={statusId}
          aria-invalid={upload.kind === 'refused' || undefined}
          onChange={(event) => void choose(event)}
        />
        <label htmlFor={inputId} className="button button-small picture-button">
          {upload.kind === 'uploading' ? 'Uploading…' : 'Choose a picture'}
        </label>
        <p id={statusId} role="status" className={upload.kind === 'refused' ? 'field-error' : 'picture-status'}>
          {upload.kind === 'uploading' && 'Uploading your picture…'}
          {upload.kind === 'saved' && 'Picture saved.'}
          {upload.kind === 'refused' && upload.message}
        </p>
      </div>
    </div>
  );
}
