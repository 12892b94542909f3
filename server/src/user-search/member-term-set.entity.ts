import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A set-up member's username terms (as in member_name_terms) in one array: the user search
 * intersects its GIN index to find the members matching two words of a query, and scores a
 * member from this one row. Written only by the trigger users_name_keys
 * (sql/index_member_name_keys.sql).
 */
@Entity({ name: 'member_term_sets' })
/** GIN over the terms; TypeORM cannot declare an index method. */
@Index('member_term_sets_terms', { synchronize: false })
export class MemberTermSetEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'member_term_sets_pkey' })
  @ForeignKey(() => UserEntity, { name: 'member_term_sets_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'text', array: true })
  terms: string[];
}
