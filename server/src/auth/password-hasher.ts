import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB memory, 2 iterations, 1 lane): each hash
 * costs tens of milliseconds, which bounds offline cracking and online guessing alike.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** Verified against when the account does not exist, so timing does not reveal which logins exist. */
  private dummyHash: string;

  async onModuleInit(): Promise<void> {
    this.dummyHash = await argon2.hash('not-a-real-password', ARGON2_OPTIONS);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? this.dummyHash, password).then((ok) => ok && Boolean(hash));
    } catch {
      return false;
    }
  }
}
