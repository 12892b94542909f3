import { Injectable, type PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../errors/app-error.js';

const MAX_ID = 2_147_483_647;

/** A path id: a positive integer within PostgreSQL's integer range, else 404 (nothing has that id). */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
      throw new AppError(ErrorCode.NotFound, 'Not found', 'What you asked for does not exist.');
    }
    return id;
  }
}
