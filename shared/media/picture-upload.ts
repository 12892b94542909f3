/**
 * The profile picture upload: one multipart file field, an image of these types,
 * at most 5 MB. The client checks before sending; the server enforces the same limits.
 */
export const PICTURE_FIELD = 'picture';
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
