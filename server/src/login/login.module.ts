import { Global, Module } from '@nestjs/common';
import { PasswordHasher } from '../auth/password-hasher.js';
import { LoginController } from './login.controller.js';
import { LoginService } from './login.service.js';

@Global()
@Module({ controllers: [LoginController], providers: [LoginService, PasswordHasher], exports: [LoginService, PasswordHasher] })
export class LoginModule {}
