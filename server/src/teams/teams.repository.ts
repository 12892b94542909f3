import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { TeamAuditAction, TeamAuditDetails, TeamMemberStatus, TeamRole } from '@shared/teams/teams.js';
import type { TeamRow } from '../sessions/member-cache.js';

export interface TeamValues {
  name: string;
  imageId: string | null;
  allowWithdraw: boolean;
}

export interface Membership {
  role: TeamRole;
  status: TeamMemberStatus;
  inviteExpiresAt: Date | null;
}

export interface InviteRow {
  id: string;
  team_id: number;
  user_id: number;
  token_hash: Buffer;
  expires_at: Date;
  used_at: Date | null;
}

export interface AuditRow {
  id: string;
  action: TeamAuditAction;
  actor_id: number | null;
  actor_username: string | null;
  details: TeamAuditDetails;
  /** The text of the post `details.pid` names; null when it names none or the post was deleted. */
  post_text: string | null;
  created_at: Date;
}

/** Owners first, then managers, then analysts; the longest in first. */
const MEMBER_ORDER = `CASE m.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END, m.created_at, m.user_id`;

/** Teams (`teams`), their members (`team_members`), mailed invitation links (`team_invites`) and audit (`team_audit`). */
@Injectable()
export class TeamsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The team with every member, in one query (null: no such team). */
  async withMembers(teamId: number): Promise<TeamRow | null> {
    const [row]: TeamRow[] = await this.dataSource.query(
      `SELECT t.id, t.name, t.image_id, t.credits, t.allow_withdraw, t.created_by, t.created_at,
              coalesce(json_agg(json_build_object(
                'uid', m.user_id, 'username', u.username, 'first_name', u.first_name, 'image', u.image,
                'role', m.role, 'status', m.status, 'invited_by', m.invited_by, 'invited_at', m.invited_at,
                'invite_expires_at', m.invite_expires_at, 'joined_at', m.joined_at) ORDER BY ${MEMBER_ORDER})
                FILTER (WHERE m.user_id IS NOT NULL), '[]') AS members
         FROM teams t
         LEFT JOIN team_members m ON m.team_id = t.id
         LEFT JOIN users u ON u.id = m.user_id
        WHERE t.id = $1
        GROUP BY t.id`,
      [teamId],
    );
    return row ?? null;
  }

  /** The teams the member is active in or invited to, oldest first. */
  async teamIdsOf(userId: number): Promise<number[]> {
    const rows: { team_id: number }[] = await this.dataSource.query(
      `SELECT team_id FROM team_members WHERE user_id = $1 ORDER BY created_at, team_id`,
      [userId],
    );
    return rows.map((row) => row.team_id);
  }

  async countTeamsOf(manager: EntityManager, userId: number): Promise<number> {
    const [row] = await manager.query(`SELECT count(*)::int AS n FROM team_members WHERE user_id = $1`, [userId]);
    return row.n;
  }

  async countMembers(manager: EntityManager, teamId: number): Promise<number> {
    const [row] = await manager.query(`SELECT count(*)::int AS n FROM team_members WHERE team_id = $1`, [teamId]);
    return row.n;
  }

  async countOwners(manager: EntityManager, teamId: number): Promise<number> {
    const [row] = await manager.query(
      `SELECT count(*)::int AS n FROM team_members WHERE team_id = $1 AND status = 'active' AND role = 'owner'`,
      [teamId],
    );
    return row.n;
  }

  async insertTeam(manager: EntityManager, values: TeamValues, createdBy: number): Promise<number> {
    const [row] = await manager.query(
      `INSERT INTO teams (name, image_id, allow_withdraw, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
      [values.name, values.imageId, values.allowWithdraw, createdBy],
    );
    return row.id;
  }

  async updateTeam(manager: EntityManager, teamId: number, values: TeamValues): Promise<void> {
    await manager.query(`UPDATE teams SET name = $2, image_id = $3, allow_withdraw = $4 WHERE id = $1`, [
      teamId,
      values.name,
      values.imageId,
      values.allowWithdraw,
    ]);
  }

  /**
   * Locks the team row for the rest of the caller's transaction, so membership changes of one
   * team happen one after another (two owners cannot both leave, leaving none). False: no such team.
   */
  async lockTeam(manager: EntityManager, teamId: number): Promise<{ allowWithdraw: boolean } | null> {
    const [row] = await manager.query(`SELECT allow_withdraw FROM teams WHERE id = $1 FOR UPDATE`, [teamId]);
    return row ? { allowWithdraw: row.allow_withdraw } : null;
  }

  async membership(manager: EntityManager, teamId: number, userId: number): Promise<Membership | null> {
    const [row] = await manager.query(
      `SELECT role, status, invite_expires_at FROM team_members WHERE team_id = $1 AND user_id = $2`,
      [teamId, userId],
    );
    return row ? { role: row.role, status: row.status, inviteExpiresAt: row.invite_expires_at } : null;
  }

  async putActive(manager: EntityManager, teamId: number, userId: number, role: TeamRole): Promise<void> {
    await manager.query(
      `INSERT INTO team_members (team_id, user_id, role, status, joined_at) VALUES ($1, $2, $3, 'active', now())`,
      [teamId, userId, role],
    );
  }

  /**
   * Invites the member, or invites them again when an earlier invitation lapsed; false when they
   * are active already or their invitation still runs.
   */
  async putInvited(
    manager: EntityManager,
    invite: { teamId: number; userId: number; role: TeamRole; invitedBy: number; expiresAt: Date },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO team_members AS m (team_id, user_id, role, status, invited_by, invited_at, invite_expires_at)
       VALUES ($1, $2, $3, 'invited', $4, now(), $5)
       ON CONFLICT (team_id, user_id) DO UPDATE
         SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by, invited_at = EXCLUDED.invited_at,
             invite_expires_at = EXCLUDED.invite_expires_at
         WHERE m.status = 'invited' AND m.invite_expires_at <= now()
       RETURNING 1`,
      [invite.teamId, invite.userId, invite.role, invite.invitedBy, invite.expiresAt],
    );
    return rows.length > 0;
  }

  /** Turns a running invitation into membership; answers the role it grants, null when there is none to accept. */
  async activate(manager: EntityManager, teamId: number, userId: number): Promise<TeamRole | null> {
    const [rows] = await manager.query(
      `UPDATE team_members SET status = 'active', joined_at = now(), invite_expires_at = NULL
        WHERE team_id = $1 AND user_id = $2 AND status = 'invited' AND invite_expires_at > now()
        RETURNING role`,
      [teamId, userId],
    );
    return rows[0]?.role ?? null;
  }

  /** Removes the member's row if its status is `status`; false when there was none. */
  async deleteMember(manager: EntityManager, teamId: number, userId: number, status: TeamMemberStatus): Promise<boolean> {
    const [rows] = await manager.query(
      `DELETE FROM team_members WHERE team_id = $1 AND user_id = $2 AND status = $3 RETURNING 1`,
      [teamId, userId, status],
    );
    return rows.length > 0;
  }

  async setRole(manager: EntityManager, teamId: number, userId: number, role: TeamRole): Promise<void> {
    await manager.query(`UPDATE team_members SET role = $3 WHERE team_id = $1 AND user_id = $2 AND status = 'active'`, [
      teamId,
      userId,
      role,
    ]);
  }

  async insertInvite(
    manager: EntityManager,
    invite: { teamId: number; userId: number; tokenHash: Buffer; expiresAt: Date },
  ): Promise<string> {
    const [row] = await manager.query(
      `INSERT INTO team_invites (team_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [invite.teamId, invite.userId, invite.tokenHash, invite.expiresAt],
    );
    return row.id;
  }

  /** The link, locked for the rest of the caller's transaction so it is used at most once. */
  async lockInvite(manager: EntityManager, id: string): Promise<InviteRow | null> {
    const [row] = await manager.query(
      `SELECT id, team_id, user_id, token_hash, expires_at, used_at FROM team_invites WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  async findInvite(id: string): Promise<InviteRow | null> {
    const [row] = await this.dataSource.query(
      `SELECT id, team_id, user_id, token_hash, expires_at, used_at FROM team_invites WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** Every unused link of the member to the team stops working (answered, cancelled, or replaced). */
  async retireInvites(manager: EntityManager, teamId: number, userId: number): Promise<void> {
    await manager.query(`UPDATE team_invites SET used_at = now() WHERE team_id = $1 AND user_id = $2 AND used_at IS NULL`, [
      teamId,
      userId,
    ]);
  }

  async addAudit(
    manager: EntityManager,
    entry: { teamId: number; actorId: number; action: TeamAuditAction; details?: TeamAuditDetails },
  ): Promise<void> {
    await manager.query(`INSERT INTO team_audit (team_id, actor_id, action, details) VALUES ($1, $2, $3, $4::jsonb)`, [
      entry.teamId,
      entry.actorId,
      entry.action,
      JSON.stringify(entry.details ?? {}),
    ]);
  }

  /** Newest first; one row more than `limit` tells whether another page follows. */
  auditPage(teamId: number, limit: number, offset: number): Promise<AuditRow[]> {
    return this.dataSource.query(
      `SELECT a.id, a.action, a.actor_id, u.username AS actor_username, a.details, a.created_at,
              CASE WHEN p.deleted_at IS NULL THEN p.text END AS post_text
         FROM team_audit a LEFT JOIN users u ON u.id = a.actor_id
         LEFT JOIN posts p ON p.id = (a.details->>'pid')::int
        WHERE a.team_id = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
      [teamId, limit + 1, offset],
    );
  }
}
