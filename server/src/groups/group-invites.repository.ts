import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface InviteRow {
  id: number;
  group_id: number;
  code: string;
  expires_at: Date | null;
  max_uses: number | null;
  uses: number;
  revoked_at: Date | null;
  created_at: Date;
  /** Not revoked, not expired, not used up, on the database's clock. */
  usable: boolean;
}

const SELECT_INVITE = `SELECT id, group_id, code, expires_at, max_uses, uses, revoked_at, created_at,
         revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND (max_uses IS NULL OR uses < max_uses) AS usable
    FROM group_invites`;

/** A group's invite codes (`group_invites`). */
@Injectable()
export class GroupInvitesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The group's codes that were not revoked, newest first. */
  async listOf(groupId: number): Promise<InviteRow[]> {
    return this.dataSource.query(`${SELECT_INVITE} WHERE group_id = $1 AND revoked_at IS NULL ORDER BY id DESC`, [groupId]);
  }

  /** The group's code with this id; null when it has none (another group's id included). */
  async ofGroup(groupId: number, inviteId: number): Promise<InviteRow | null> {
    const [row]: InviteRow[] = await this.dataSource.query(`${SELECT_INVITE} WHERE group_id = $1 AND id = $2`, [
      groupId,
      inviteId,
    ]);
    return row ?? null;
  }

  async byCode(code: string): Promise<InviteRow | null> {
    const [row]: InviteRow[] = await this.dataSource.query(`${SELECT_INVITE} WHERE code = $1`, [code]);
    return row ?? null;
  }

  /** `expiresInHours` null: never expires. Answers the new code's row. */
  async insert(
    manager: EntityManager | null,
    groupId: number,
    code: string,
    createdBy: number,
    expires: { hours: number | null } | { at: Date | null },
    maxUses: number | null,
  ): Promise<InviteRow> {
    const [{ id }]: { id: number }[] = await (manager ?? this.dataSource).query(
      `INSERT INTO group_invites (group_id, code, created_by, expires_at, max_uses)
       VALUES ($1, $2, $3, CASE WHEN $4::int IS NOT NULL THEN now() + make_interval(hours => $4::int) ELSE $5::timestamptz END, $6)
       RETURNING id`,
      [groupId, code, createdBy, 'hours' in expires ? expires.hours : null, 'at' in expires ? expires.at : null, maxUses],
    );
    const [row]: InviteRow[] = await (manager ?? this.dataSource).query(`${SELECT_INVITE} WHERE id = $1`, [id]);
    return row;
  }

  /** False when the code was already revoked. */
  async revoke(manager: EntityManager | null, inviteId: number): Promise<boolean> {
    const [, changed] = await (manager ?? this.dataSource).query(
      `UPDATE group_invites SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`,
      [inviteId],
    );
    return changed > 0;
  }

  /** Takes one use of a usable code, in the joining transaction; false when it is no longer usable. */
  async takeUse(manager: EntityManager, inviteId: number): Promise<boolean> {
    const [, changed] = await manager.query(
      `UPDATE group_invites SET uses = uses + 1
        WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND (max_uses IS NULL OR uses < max_uses)`,
      [inviteId],
    );
    return changed > 0;
  }
}
