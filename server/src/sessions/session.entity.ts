import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
@Entity({ name: 'sessions' })
@Unique('sessions_token_hash_key', ['tokenHash'])
@Unique('sessions_socket_id_key', ['socketId'])
@Index('sessions_user', ['userId'], { where: 'revoked_at IS NULL' })
/** The accounts surfing from one address or one device (the surf score's checks). */
@Index('sessions_ip', ['ip'])
@Index('sessions_device', ['device'], { where: "device <> ''" })
export class SessionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'sessions_pkey' })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'sessions_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  /** Keys this session's Socket.IO connection (User.socketId). */
  @Column({ name: 'socket_id', type: 'text' })
  socketId: string;

  @Column({ name: 'user_agent', type: 'text', default: '' })
  userAgent: string;

  @Column({ type: 'text', default: '' })
  ip: string;

  /** The browser's device cookie when the session began ('' when it sent none). */
  @Column({ type: 'text', default: '' })
  device: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
