import { CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** A member blocked another: each one's content is hidden from the other, and neither can comment on, feel, follow or notify the other. */
@Entity({ name: 'blocks' })
@Index('blocks_blocked', ['blockedId', 'blockerId'])
export class BlockEntity {
  @PrimaryColumn({ name: 'blocker_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
  @ForeignKey(() => UserEntity, { name: 'blocks_blocker_id_fkey', onDelete: 'CASCADE' })
  blockerId: number;

  @PrimaryColumn({ name: 'blocked_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
  @ForeignKey(() => UserEntity, { name: 'blocks_blocked_id_fkey', onDelete: 'CASCADE' })
  blockedId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
