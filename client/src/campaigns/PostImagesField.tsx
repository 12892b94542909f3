import { useId, useState, type ChangeEvent } from 'react';
import { CAMPAIGN_ENDPOINTS, POST_LIMITS } from '@shared/campaigns/campaigns.js';
import type { MediaObject } from '@shared/media/media.js';
import { PICTURE_MIME_TYPES } from '@shared/media/picture-upload.js';
import { api } from '../api/api.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { pictureFileProblem } from '../profile/pictureFileProblem.js';
import { apiErrorText } from './apiErrorText.js';

/** A picture of the post being edited: uploaded (media) or still on its way (preview). */
export interface PictureSlot {
  key: string;
  media: MediaObject | null;
  preview: string | null;
}

export const POST_IMAGE_FIELD = 'image';

let nextSlotKey = 1;

export function slotsOf(images: readonly MediaObject[]): PictureSlot[] {
  return images.map((media) => ({ key: media.id ?? `slot-${nextSlotKey++}`, media, preview: null }));
}

interface PostImagesFieldProps {
  slots: PictureSlot[];
  onChange: (update: (slots: PictureSlot[]) => PictureSlot[]) => void;
}

/**
 * Up to four pictures. Each is checked, shown at once and uploaded on its own (the server
 * resizes it); the post then refers to the uploaded ids.
 */
export function PostImagesField({ slots, onChange }: PostImagesFieldProps) {
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const room = POST_LIMITS.images - slots.length;

  const upload = async (file: File) => {
    const key = `slot-${nextSlotKey++}`;
    const preview = URL.createObjectURL(file);
    onChange((current) => [...current, { key, media: null, preview }]);
    const formData = new FormData();
    formData.append(POST_IMAGE_FIELD, file);
    const result = await api.request<MediaObject>({ method: 'POST', path: CAMPAIGN_ENDPOINTS.images, formData });
    if (isSuccess(result.status) && result.data) {
      const media = result.data;
      onChange((current) => current.map((slot) => (slot.key === key ? { key, media, preview: null } : slot)));
    } else {
      onChange((current) => current.filter((slot) => slot.key !== key));
      setProblems((current) => [...current, `${file.name}: ${apiErrorText(result.errors, result.status)}`]);
    }
    // The uploaded copy (or nothing) replaces the preview on the next render.
    setTimeout(() => URL.revokeObjectURL(preview), 0);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const found: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const problem = pictureFileProblem(file);
      if (problem) found.push(`${file.name}: ${problem}`);
      else if (accepted.length < room) accepted.push(file);
      else found.push(`${file.name}: a post has at most ${POST_LIMITS.images} pictures.`);
    }
    setProblems(found);
    for (const file of accepted) void upload(file);
  };

  const remove = (key: string) => onChange((current) => current.filter((slot) => slot.key !== key));

  const statusId = `${inputId}-status`;
  const uploading = slots.filter((slot) => !slot.media).length;
  return (
    <fieldset className="post-images-field">
      <legend>Pictures (optional)</legend>
      <p className="field-hint">Up to {POST_LIMITS.images} pictures: JPEG, PNG, WebP or GIF, at most 5 MB each.</p>
      {slots.length > 0 && (
        <ul className="picture-slots">
          {slots.map((slot, index) => (
            <li key={slot.key} className="picture-slot">
              <img
                src={slot.media ? mediaUrl(slot.media) : (slot.preview ?? '')}
                alt={`Picture ${index + 1}`}
                width={112}
                height={112}
              />
              {slot.media ? (
                <button type="button" className="button button-small" onClick={() => remove(slot.key)}>
                  Remove<span className="visually-hidden"> picture {index + 1}</span>
                </button>
              ) : (
                <span className="picture-slot-status">Uploading…</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <>
          <input
            id={inputId}
            type="file"
            multiple
            className="visually-hidden picture-input"
            accept={PICTURE_MIME_TYPES.join(',')}
            aria-describedby={statusId}
            onChange={choose}
          />
          <label htmlFor={inputId} className="button button-small picture-button">
            {slots.length === 0 ? 'Add pictures' : 'Add more pictures'}
          </label>
        </>
      )}
      <div id={statusId} role="status">
        {uploading > 0 && <p className="muted">Uploading {uploading === 1 ? 'a picture' : `${uploading} pictures`}…</p>}
      </div>
      {problems.length > 0 && (
        <div role="alert">
          {problems.map((problem, index) => (
            <p key={index} className="field-error">
              {problem}
            </p>
          ))}
        </div>
      )}
    </fieldset>
  );
}
