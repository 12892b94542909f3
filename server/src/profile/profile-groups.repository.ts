import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ProfileGroup } from '@shared/people/people.js';

/** The groups a member is active in, as another member or a visitor may see them on the profile. */
@Injectable()
export class ProfileGroupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Public groups, and private ones only when the viewer (null: a visitor) is an active member
   * too: a private group's members are visible to its members only. Newest membership first.
   */
  groupsOf(userId: number, viewerId: number | null, limit: number, offset: number): Promise<ProfileGroup[]> {
    return this.dataSource.query(
      `SELECT g.slug, g.name, g.visibility, gm.role
         FROM group_members gm JOIN groups g ON g.id = gm.group_id
        WHERE gm.user_id = $1 AND gm.status = 'active'
          AND (g.visibility = 'public'
               OR EXISTS (SELECT 1 FROM group_members v
                           WHERE v.group_id = g.id AND v.user_id = $2 AND v.status = 'active'))
        ORDER BY gm.created_at DESC, g.id DESC LIMIT $3 OFFSET $4`,
      [userId, viewerId, limit, offset],
    );
  }
}
