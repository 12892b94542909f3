import { useId, useState, type ChangeEvent } from 'react';
import { CAMPAIGN_ENDPOINTS } from '@shared/campaigns/campaigns.js';
import type { MediaObject } from '@shared/media/media.js';
import { PICTURE_MIME_TYPES } from '@shared/media/picture-upload.js';
import { api } from '../api/api.js';
import { apiErrorText } from '../campaigns/apiErrorText.js';
import { POST_IMAGE_FIELD } from '../campaigns/PostImagesField.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { pictureFileProblem } from '../profile/pictureFileProblem.js';

interface GroupPictureFieldProps {
  picture: MediaObject | null;
  onChange: (picture: MediaObject | null) => void;
  onUploading: (uploading: boolean) => void;
  error?: string;
}

/** The group's picture: uploaded at once with the post picture upload; the group then refers to its id. */
export function GroupPictureField({ picture, onChange, onUploading, error }: GroupPictureFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = pictureFileProblem(file);
    setProblem(found);
    if (found) return;
    setBusy(true);
    onUploading(true);
    const formData = new FormData();
    formData.append(POST_IMAGE_FIELD, file);
    const result = await api.request<MediaObject>({ method: 'POST', path: CAMPAIGN_ENDPOINTS.images, formData });
    setBusy(false);
    onUploading(false);
    if (isSuccess(result.status) && result.data) onChange(result.data);
    else setProblem(apiErrorText(result.errors, result.status));
  };

  const shown = problem ?? error;
  return (
    <fieldset className="group-picture-field">
      <legend>Picture (optional)</legend>
      <img src={mediaUrl(picture)} alt="" width={72} height={72} className="group-picture" />
      <div className="group-picture-controls">
        <input
          id={id}
          type="file"
          accept={PICTURE_MIME_TYPES.join(',')}
          className="visually-hidden group-picture-input"
          onChange={(event) => void choose(event)}
          aria-describedby={`${id}-status`}
        />
        <label htmlFor={id} className="button button-small">
          {picture ? 'Change picture' : 'Choose a picture'}
        </label>
        {picture && (
          <button type="button" className="button button-small" onClick={() => onChange(null)}>
            Remove picture
          </button>
        )}
        <p id={`${id}-status`} role="status" className={shown ? 'field-error' : 'field-hint'}>
          {busy ? 'Uploading…' : (shown ?? 'JPEG, PNG, WebP or GIF, at most 5 MB.')}
        </p>
      </div>
    </fieldset>
  );
}
