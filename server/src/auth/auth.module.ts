import { Global, Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';

@Global()
@Module({ controllers: [AuthController], providers: [AuthService, PasswordHasher], exports: [AuthService, PasswordHasher] })
export class AuthModule {}
