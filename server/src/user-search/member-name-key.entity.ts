import { Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * One key of a set-up member's username (the SQL function name_keys): the user search finds a
 * misspelt username by looking its own keys up here. Written only by the trigger users_name_keys
 * (sql/index_member_name_keys.sql).
 */
@Entity({ name: 'member_name_keys' })
@Index('member_name_keys_user', ['userId'])
export class MemberNameKeyEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'member_name_keys_pkey' })
  key: string;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'member_name_keys_pkey' })
  @ForeignKey(() => UserEntity, { name: 'member_name_keys_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  /** The username or one of its words itself, not a string with a letter left out. */
  @PrimaryColumn({ type: 'boolean', primaryKeyConstraintName: 'member_name_keys_pkey' })
  exact: boolean;
}
