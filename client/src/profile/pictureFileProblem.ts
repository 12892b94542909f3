import { PICTURE_MAX_BYTES, PICTURE_MIME_TYPES } from '@shared/media/picture-upload.js';

const MEGABYTE = 1024 * 1024;

/** Why a chosen file cannot be a profile picture, checked before any upload; null when it can. */
export function pictureFileProblem(file: { type: string; size: number }): string | null {
  if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return 'Please choose a JPEG, PNG, WebP or GIF image.';
  }
  if (file.size > PICTURE_MAX_BYTES) {
    return `This file is ${(file.size / MEGABYTE).toFixed(1)} MB. Please choose an image of at most ${PICTURE_MAX_BYTES / MEGABYTE} MB.`;
  }
  if (file.size === 0) return 'This file is empty. Please choose another image.';
  return null;
}
