import { Module } from '@nestjs/common';
import { FollowsModule } from '../follows/follows.module.js';
import { ProfileGroupsRepository } from './profile-groups.repository.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

@Module({ imports: [FollowsModule], controllers: [ProfileController], providers: [ProfileService, ProfileGroupsRepository] })
export class ProfileModule {}
