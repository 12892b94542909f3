import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppError } from '../common/errors/app-error.js';
import { DEFAULT_EMAIL_PREFERENCES, UserEntity } from './user.entity.js';

export interface NewUser {
  username: string;
  firstName: string;
  email: string;
  passwordHash: string | null;
  needsSetup?: boolean;
  referrerId?: number | null;
  referralSource?: UserEntity['referralSource'];
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** By username or email address, with the password hash (which is never selected otherwise). */
  findForLogin(login: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:login) OR lower(u.email) = lower(:login)', { login })
      .getOne();
  }

  async passwordHashOf(id: number): Promise<string | null> {
    const user = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
    return user?.passwordHash ?? null;
  }

  /** Inserts a user; a taken username or email is a 409 naming the field. */
  async create(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    const taken = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select(['u.username', 'u.email'])
      .where('lower(u.username) = lower(:username) OR lower(u.email) = lower(:email)', user)
      .getMany();
    const errors: ApiError[] = [];
    if (taken.some((u) => u.username.toLowerCase() === user.username.toLowerCase())) {
      errors.push({
        code: ErrorCode.Conflict,
        heading: 'Invalid username',
        message: 'That username is taken. Please choose another.',
        field: 'username',
      });
    }
    if (taken.some((u) => u.email.toLowerCase() === user.email.toLowerCase())) {
      errors.push({
        code: ErrorCode.Conflict,
        heading: 'Invalid email',
        field: 'email',
        message: 'An account with this email address exists. Log in, or reset your password.',
        link: '/password/reset',
      });
    }
    if (errors.length) throw new AppError(ErrorCode.Conflict, errors[0].heading, errors[0].message, { errors });
    try {
      return await manager.getRepository(UserEntity).save({
        ...user,
        role: this.config.adminEmail && user.email.toLowerCase() === this.config.adminEmail ? 'admin' : 'member',
        emailPreferences: DEFAULT_EMAIL_PREFERENCES,
      });
    } catch (error) {
      // Two signups racing for one name: the unique index decides.
      if ((error as { code?: string }).code === '23505') {
        throw new AppError(ErrorCode.Conflict, 'Invalid username', 'That username or email is taken. Please choose another.', {
          field: 'username',
        });
      }
      throw error;
    }
  }

  async update(id: number, patch: Partial<UserEntity>): Promise<void> {
    await this.users.update({ id }, patch);
  }
}
