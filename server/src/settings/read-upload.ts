import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';

/**
 * Reads one uploaded file of a multipart request. A request that is not multipart is a 415
 * (the multipart plugin would answer 406, which the client treats as a logout).
 */
export async function readUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(ErrorCode.UnsupportedMediaType, 'Upload expected', 'Please send the file as a form upload.');
  }
  const file = await request.file();
  if (!file || file.fieldname !== field) {
    throw new AppError(ErrorCode.Validation, `Invalid ${field}`, 'Please choose a file to upload.');
  }
  const bytes = await file.toBuffer();
  if (file.file.truncated) {
    throw new AppError(ErrorCode.PayloadTooLarge, 'File too large', 'The file is too large. Please upload at most 5 MB.');
  }
  return bytes;
}
