import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A stored picture. Kept in PostgreSQL so every server process can serve it without a
 * shared disk; answers are cached for a year since an id never changes content.
 */
@Entity({ name: 'media' })
export class MediaEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'media_pkey' })
  id: string;

  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'media_owner_id_fkey', onDelete: 'CASCADE' })
  ownerId: number | null;

  @Column({ type: 'text' })
  kind: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ type: 'bytea', select: false })
  bytes: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
