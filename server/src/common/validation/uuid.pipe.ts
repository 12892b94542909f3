import { Injectable, type PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../errors/app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is a UUID, else 404 (nothing has that id). */
@Injectable()
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new AppError(ErrorCode.NotFound, 'Not found', 'What you asked for does not exist.');
    return value.toLowerCase();
  }
}
