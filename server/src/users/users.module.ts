import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './user.entity.js';
import { UsersService } from './users.service.js';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([UserEntity])], providers: [UsersService], exports: [UsersService] })
export class UsersModule {}
