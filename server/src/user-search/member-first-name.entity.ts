import { Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Every first name a member has had, once: the user search scores these rather than each member
 * (a common name is shared by thousands). Written only by the trigger users_first_name_remembered
 * (sql/remember_first_name.sql).
 */
@Entity({ name: 'member_first_names' })
/** Trigram index (pg_trgm) for the typo-tolerant match; TypeORM cannot declare its operator class. */
@Index('member_first_names_trgm', { synchronize: false })
export class MemberFirstNameEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'member_first_names_pkey' })
  name: string;
}
