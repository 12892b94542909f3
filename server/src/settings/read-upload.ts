import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';

const TOO_LARGE = new AppError(ErrorCode.PayloadTooLarge, 'File too large', 'The file is too large. Please upload at most 5 MB.');
const UNREADABLE = new AppError(
  ErrorCode.BadRequest,
  'Upload unreadable',
  'The upload could not be read. Please choose the file again.',
);

/**
 * Reads one uploaded file of a multipart request. A request that is not multipart is a 415
 * (the multipart plugin would answer 406, which the client treats as a logout).
 */
export async function readUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(ErrorCode.UnsupportedMediaType, 'Upload expected', 'Please send the file as a form upload.');
  }
  let file;
  let bytes: Buffer;
  try {
    file = await request.file();
    if (!file || file.fieldname !== field) {
      throw new AppError(ErrorCode.Validation, `Invalid ${field}`, 'Please choose a file to upload.', { field });
    }
    bytes = await file.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
  if (file.file.truncated) throw TOO_LARGE;
  return bytes;
}

/**
 * Everything that fails while the form data is read is the request's fault: a missing or wrong
 * boundary, a body cut short, a malformed part, a declared JSON field that is not JSON (busboy's
 * and @fastify/multipart's errors). Their limits (parts, files, fields, file size) say 413.
 */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return status === 413 ? TOO_LARGE : UNREADABLE;
}
