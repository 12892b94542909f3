import { Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A term of a set-up member's username (its whole name in lower case, or one of its words): the
 * user search reads a matched term's members here. Written only by the trigger users_name_keys
 * (sql/index_member_name_keys.sql).
 */
@Entity({ name: 'member_name_terms' })
@Index('member_name_terms_user', ['userId'])
export class MemberNameTermEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'member_name_terms_pkey' })
  term: string;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'member_name_terms_pkey' })
  @ForeignKey(() => UserEntity, { name: 'member_name_terms_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;
}
